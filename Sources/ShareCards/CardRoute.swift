#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A trip's route as a card draws it: no map tiles, the line projected onto the card (north up,
/// east to the right, in every language), its stops marked on it.
///
/// The projection is equirectangular around the route's middle latitude (longitudes shrink by its
/// cosine), which keeps the shape of a route a few hundred kilometres long true to within a few
/// percent, and a route crossing the antimeridian (180°) stays in one piece.
struct CardRoute: Sendable, Hashable {
    /// A stop: where, and its name (nil on a private card).
    struct Stop: Sendable, Hashable {
        var coordinate: CardFields.Trip.Coordinate
        var name: String?
    }

    var points: [CardFields.Trip.Coordinate]
    var stops: [Stop]

    init(_ trip: CardFields.Trip, namesStops: Bool) {
        points = trip.route
        stops = trip.stops.map { Stop(coordinate: $0.coordinate, name: namesStops ? $0.name : nil) }
    }

    /// A point on the card.
    struct Point: Sendable, Hashable {
        var x: Double
        var y: Double
    }

    /// The route and its stops projected into `box`: as large as fits, centred, its proportions kept.
    func projected(into box: CardRect) -> (line: [Point], stops: [Point]) {
        let everything = points + stops.map(\.coordinate)
        guard let first = everything.first else { return ([], []) }
        // Longitudes unwrapped so that a step across 180° stays short (179° then -179° is 2° apart).
        var unwrapped: [Double] = []
        var previous = first.longitude
        for place in everything {
            var longitude = place.longitude
            while longitude - previous > 180 { longitude -= 360 }
            while longitude - previous < -180 { longitude += 360 }
            unwrapped.append(longitude)
            previous = longitude
        }
        let latitudes = everything.map(\.latitude)
        let middle = ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2
        let shrink = max(cos(middle * Double.pi / 180), 0.01)
        let xs = unwrapped.map { $0 * shrink }
        let ys = latitudes.map { -$0 }
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        let spanX = (xs.max() ?? 0) - minX
        let spanY = (ys.max() ?? 0) - minY
        // A route of one place (or none wide) is drawn at the centre.
        let scale = min(spanX > 0 ? box.width / spanX : .infinity, spanY > 0 ? box.height / spanY : .infinity)
        let finite = scale.isFinite ? scale : 0
        let offsetX = box.x + (box.width - spanX * finite) / 2
        let offsetY = box.y + (box.height - spanY * finite) / 2
        let projected = zip(xs, ys).map { Point(x: offsetX + ($0 - minX) * finite, y: offsetY + ($1 - minY) * finite) }
        return (Array(projected.prefix(points.count)), Array(projected.dropFirst(points.count)))
    }
}
