import Foundation
import TestSupport
import Testing

/// `sharevia card render` of a trip, through the built binary: the card, its share and alt text, and each
/// rule of the route refused by name.
struct TripCardCommandTests {
    let folder = TemporaryFolder("cli-trip")

    @Test func theExampleTripRenders() async throws {
        let output = folder.file("trip.png")
        let run = try await ShareviaProcess.run(
            ["card", "render", PackageRoot.path + "/examples/cards/trip.json", "-o", output]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("share text: Coast road north: 336 km in 4 days with Wayfarer! 🗺️"), "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "alt text: Trip card: Coast road north, Lisbon → Nazaré → Coimbra → Porto, distance 336 km, 4 days"
            ),
            "\(run.stdout)"
        )
        let size = try PNGBytes.size(ofFileAt: output)
        #expect(size.width == 1080 && size.height == 1920)
    }

    @Test(arguments: [
        (#"[[38.7, -9.1]]"#, "$.fields.route has 1 points; a route needs at least 2"),
        (#"[[38.7, -9.1], [95, -8.6]]"#, "$.fields.route[1] is (95.0, -8.6); a latitude is from -90 to 90"),
        (
            #"[[38.7, -9.1], [41.1, 181]]"#,
            "$.fields.route[1] is (41.1, 181.0); a latitude is from -90 to 90 and a longitude from -180 to 180"
        ),
        (#"[[38.7, -9.1], [41.1]]"#, "$.fields.route[1] must be a [latitude, longitude] pair of numbers"),
        (#"[[38.7, -9.1], {"lat": 41.1, "lon": -8.6}]"#, "$.fields.route[1] must be a [latitude, longitude] pair"),
    ])
    func aBadRouteIsRefusedByName(route: String, message: String) async throws {
        let spec = #"{"kind":"trip","app":{"name":"W"},"fields":{"name":"T","route":"# + route + "}}"
        let run = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("bad.png")],
            input: Array(spec.utf8)
        )
        #expect(run.status != 0)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(folder.names().isEmpty, "no file is written")
    }

    @Test func anUnknownUnitAndTooManyStopsAreRefused() async throws {
        let route = #""route":[[0,0],[1,1]]"#
        let unit = #"{"kind":"trip","app":{"name":"W"},"fields":{"name":"T",\#(route),"unit":"furlong"}}"#
        let run = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("u.png")],
            input: Array(unit.utf8)
        )
        #expect(
            run.stderr.contains("$.fields.unit 'furlong' is not a distance unit; use \"km\" or \"mi\""),
            "\(run.stderr)"
        )
        let stop = #"{"name":"S","lat":0,"lon":0}"#
        let stops = Array(repeating: stop, count: 13).joined(separator: ",")
        let many = #"{"kind":"trip","app":{"name":"W"},"fields":{"name":"T",\#(route),"stops":[\#(stops)]}}"#
        let tooMany = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("s.png")],
            input: Array(many.utf8)
        )
        #expect(tooMany.stderr.contains("$.fields.stops has 13 elements; a card takes at most 12"), "\(tooMany.stderr)")
    }
}
