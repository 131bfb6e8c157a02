/// Whether a destination can deliver right now, and if not, why in words a person can act on.
public struct Availability: Sendable, Hashable, Codable, CustomStringConvertible {
    /// True when the destination can deliver.
    public var isAvailable: Bool
    /// Why it is unavailable ("xclip not found (apt-get install xclip)"), or a note on how it will
    /// deliver when available ("opens the browser with xdg-open"). Never contains a secret.
    public var reason: String?

    public init(isAvailable: Bool, reason: String?) {
        self.isAvailable = isAvailable
        self.reason = reason
    }

    /// Available, with an optional note on how delivery will happen.
    public static func available(_ note: String? = nil) -> Availability {
        Availability(isAvailable: true, reason: note)
    }

    /// Unavailable, with the reason and what to do about it.
    public static func unavailable(_ reason: String) -> Availability {
        Availability(isAvailable: false, reason: reason)
    }

    public var description: String {
        switch (isAvailable, reason) {
        case (true, nil): return "available"
        case (true, let note?): return "available (\(note))"
        case (false, let reason): return "unavailable: \(reason ?? "no reason given")"
        }
    }
}
