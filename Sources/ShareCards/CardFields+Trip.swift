#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CardFields {
    /// A trip: its route drawn from coordinates (no map tiles: a projected line on the theme's
    /// background), its stops marked and named, the distance and the days.
    package struct Trip: Sendable, Hashable {
        /// The trip's name, shown as the headline.
        package var name: String
        /// The route, in order: at least 2 points.
        package var route: [Coordinate]
        /// Named places on the way, marked on the route (at most ``maximumStops``).
        package var stops: [Stop]
        /// The distance as the app measured it; the route's length along the earth when absent.
        package var distance: Double?
        /// `km` or `mi`.
        package var unit: DistanceUnit
        /// How many days the trip took.
        package var days: Int?
        /// Creates the fields; the optional ones may be left out.
        package init(
            name: String,
            route: [Coordinate],
            stops: [Stop] = [],
            distance: Double? = nil,
            unit: DistanceUnit = .kilometres,
            days: Int? = nil
        ) {
            self.name = name
            self.route = route
            self.stops = stops
            self.distance = distance
            self.unit = unit
            self.days = days
        }

        /// The most points a route may have.
        package static let maximumPoints = 10_000
        /// The most stops a trip may name.
        package static let maximumStops = 12

        /// The distance shown: the spec's, or the route's length in ``unit``.
        package var shownDistance: Double {
            distance ?? Coordinate.length(of: route) / unit.metres
        }

        /// A place on the earth, in degrees (WGS 84, as GPS gives them).
        package struct Coordinate: Sendable, Hashable {
            /// -90 (south) to 90 (north).
            package var latitude: Double
            /// -180 (west) to 180 (east).
            package var longitude: Double
            /// A coordinate.
            package init(latitude: Double, longitude: Double) {
                self.latitude = latitude
                self.longitude = longitude
            }

            /// The length of the line through `points`, in metres, along a sphere of the earth's mean radius
            /// (haversine): within 0.5% of the ellipsoid's.
            static func length(of points: [Coordinate]) -> Double {
                zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
            }

            private static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
                let radius = 6_371_008.8
                let toRadians = Double.pi / 180
                let dLatitude = (b.latitude - a.latitude) * toRadians
                let dLongitude = (b.longitude - a.longitude) * toRadians
                let h =
                    sin(dLatitude / 2) * sin(dLatitude / 2)
                    + cos(a.latitude * toRadians) * cos(b.latitude * toRadians) * sin(dLongitude / 2)
                    * sin(dLongitude / 2)
                return 2 * radius * asin(min(1, h.squareRoot()))
            }
        }

        /// A named place on the way.
        package struct Stop: Sendable, Hashable {
            /// The place's name, written next to its mark.
            package var name: String
            /// Where it is.
            package var coordinate: Coordinate
            /// A stop.
            package init(name: String, coordinate: Coordinate) {
                self.name = name
                self.coordinate = coordinate
            }
        }

        /// The unit distances are shown in.
        package enum DistanceUnit: String, Sendable, Hashable, CaseIterable {
            case kilometres = "km"
            case miles = "mi"

            /// Metres in one.
            var metres: Double {
                switch self {
                case .kilometres: 1000
                case .miles: 1609.344
                }
            }
        }
    }
}
