extension CardSpecParser {
    /// The known fields of a trip card.
    static let tripFields = ["name", "route", "stops", "distance", "unit", "days"]

    /// A trip card's fields: `route` as `[latitude, longitude]` pairs (2 to
    /// ``CardFields/Trip/maximumPoints``), `stops` as objects with `name`, `lat` and `lon`.
    static func parseTrip(_ r: inout SpecReader) throws(CardError) -> CardFields.Trip {
        let name = try r.string("name", example: "\"Coast road\"")
        var route: [CardFields.Trip.Coordinate] = []
        let points = try r.array(
            "route",
            example: "[[38.7223, -9.1393], [41.1579, -8.6291]]",
            limit: CardFields.Trip.maximumPoints
        )
        for (element, path) in points {
            guard case .array(let pair) = element, pair.count == 2,
                case .number(let latitude) = pair[0], case .number(let longitude) = pair[1]
            else {
                throw CardError(
                    .invalidSpec,
                    "\(path) must be a [latitude, longitude] pair of numbers, such as [38.7223, -9.1393]",
                    path: path
                )
            }
            route.append(try coordinate(latitude, longitude, at: path))
        }
        guard route.count >= 2 else {
            throw CardError(
                .invalidSpec,
                "$.fields.route has \(route.count) points; a route needs at least 2, such as "
                    + "[[38.7223, -9.1393], [41.1579, -8.6291]]",
                path: "$.fields.route"
            )
        }
        var stops: [CardFields.Trip.Stop] = []
        let stopElements = try r.array(
            "stops",
            example: "[{\"name\": \"Lisbon\", \"lat\": 38.7223, \"lon\": -9.1393}]",
            limit: CardFields.Trip.maximumStops
        )
        for (element, path) in stopElements {
            var stop = try SpecReader(element, path: path)
            let stopName = try stop.string("name", example: "\"Lisbon\"")
            let place = try coordinate(
                try stop.number("lat", example: "38.7223"),
                try stop.number("lon", example: "-9.1393"),
                at: path
            )
            try stop.finish(known: ["name", "lat", "lon"])
            stops.append(.init(name: stopName, coordinate: place))
        }
        let distance = try r.optionalNumber("distance", example: "313.5")
        if let distance, distance < 0 {
            throw CardError(
                .invalidSpec,
                "$.fields.distance is \(distance); it can't be below 0 (leave it out to measure the route)",
                path: "$.fields.distance"
            )
        }
        var unit = CardFields.Trip.DistanceUnit.kilometres
        if let text = try r.optionalString("unit", example: "\"km\"") {
            guard let known = CardFields.Trip.DistanceUnit(rawValue: text) else {
                throw CardError(
                    .invalidSpec,
                    "$.fields.unit '\(text)' is not a distance unit; use \"km\" or \"mi\"",
                    path: "$.fields.unit"
                )
            }
            unit = known
        }
        let days = try r.optionalInteger("days", example: "4")
        if let days, days < 0 {
            throw CardError(.invalidSpec, "$.fields.days is \(days); it can't be below 0", path: "$.fields.days")
        }
        return CardFields.Trip(name: name, route: route, stops: stops, distance: distance, unit: unit, days: days)
    }

    /// A coordinate, its latitude from -90 to 90 and its longitude from -180 to 180.
    private static func coordinate(
        _ latitude: Double,
        _ longitude: Double,
        at path: String
    ) throws(CardError) -> CardFields.Trip.Coordinate {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw CardError(
                .invalidSpec,
                "\(path) is (\(latitude), \(longitude)); a latitude is from -90 to 90 and a longitude from -180 to "
                    + "180, in degrees (as GPS gives them)",
                path: path
            )
        }
        return .init(latitude: latitude, longitude: longitude)
    }
}
