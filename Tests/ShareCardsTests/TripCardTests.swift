import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import ShareCards

/// Issue 28's trip card: a route drawn from coordinates (no map tiles), its stops named, the
/// distance along the earth and the days.
struct TripCardTests {
    static var trip: CardFields.Trip {
        guard case .trip(let trip) = SampleSpecs.fields(.trip) else { preconditionFailure("the sample is a trip") }
        return trip
    }

    /// The distance is the route's length along the earth, as Python's own haversine (same mean radius) measures it.
    @Test func theDistanceIsTheRouteLengthAlongTheEarth() async throws {
        let script = """
            import math, sys, json
            points = json.loads(sys.argv[1])
            r = 6371008.8
            total = 0.0
            for (a, b), (c, d) in zip(points, points[1:]):
                p1, p2 = math.radians(a), math.radians(c)
                h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(d - b) / 2) ** 2
                total += 2 * r * math.asin(min(1, math.sqrt(h)))
            print(repr(total))
            """
        let pairs = SampleSpecs.tripRoute.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let run = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", script, "[\(pairs)]"],
            timeout: .seconds(60)
        )
        #expect(run.succeeded, "\(run.errorText)")
        let metres = try #require(
            Double(String(decoding: run.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        )
        var trip = Self.trip
        #expect(abs(trip.shownDistance - metres / 1000) < 1e-6)
        trip.unit = .miles
        #expect(abs(trip.shownDistance - metres / 1609.344) < 1e-6)
        trip.distance = 12.5
        #expect(trip.shownDistance == 12.5)
    }

    @Test func northIsUpEastIsRightAndProportionsAreKept() {
        // One degree east and one north, at the equator: a right angle with equal sides.
        let trip = CardFields.Trip(
            name: "Square",
            route: [
                .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1), .init(latitude: 1, longitude: 1),
            ]
        )
        let box = CardRect(x: 100, y: 50, width: 400, height: 300)
        let line = CardRoute(trip, namesStops: true).projected(into: box).line
        #expect(line[1].x > line[0].x, "east is to the right")
        #expect(line[2].y < line[1].y, "north is up")
        let east = line[1].x - line[0].x
        let north = line[1].y - line[2].y
        #expect(abs(east - north) < 0.01 * north, "\(east) east against \(north) north")
        #expect(abs(north - 300) < 1e-6, "as large as the box lets it be")
        #expect(line.allSatisfy { box.contains(CardRect(x: $0.x, y: $0.y, width: 0, height: 0), slack: 1e-6) })
    }

    @Test func aRouteAcrossTheAntimeridianStaysInOnePiece() {
        let trip = CardFields.Trip(
            name: "Fiji",
            route: [
                .init(latitude: -17, longitude: 178), .init(latitude: -17, longitude: 179.5),
                .init(latitude: -17.5, longitude: -179.5), .init(latitude: -18, longitude: -178),
            ]
        )
        let line = CardRoute(trip, namesStops: true).projected(into: CardRect(x: 0, y: 0, width: 600, height: 600)).line
        let xs = line.map(\.x)
        #expect(xs == xs.sorted(), "eastward all the way: \(xs)")
    }

    @Test func aPrivateTripNamesNoPlaceAndGivesNoValue() throws {
        var spec = SampleSpecs.spec(.trip)
        spec.isPrivate = true
        let card = try CardRenderer().render(spec)
        let shown =
            card.texts.map(\.text).joined(separator: "\n") + "\n" + spec.altText + "\n"
            + ShareTextTemplates.text(for: spec)
        for secret in ["Lisbon", "Nazaré", "Coimbra", "Porto", "336", "4 days"] {
            #expect(!shown.contains(secret), "a private trip card shows '\(secret)':\n\(shown)")
        }
        #expect(shown.contains("Coast road north"))
        // The public card does name them.
        let open = try CardRenderer().render(SampleSpecs.spec(.trip)).texts.map(\.text)
        #expect(open.filter { $0 == "Lisbon" || $0 == "Porto" }.count == 2, "\(open)")
    }

    @Test func theMapIsNotMirroredForRightToLeftLanguages() throws {
        let left = try CardRenderer().render(SampleSpecs.spec(.trip, language: "en")).texts.filter { $0.role == "stop" }
        let right = try CardRenderer().render(SampleSpecs.spec(.trip, language: "ar")).texts.filter {
            $0.role == "stop"
        }
        try #require(left.count == 4 && right.count == 4)
        // Each name is where it is on the English card: the map keeps east on the right.
        for (l, r) in zip(left, right) { #expect(abs(l.box.x - r.box.x) < 1, "\(l.text): \(l.box) and \(r.box)") }
    }
}
