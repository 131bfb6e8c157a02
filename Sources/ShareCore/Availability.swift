/// Whether a destination can deliver right now, and if not, why in words a person can act on.
public struct Availability: Sendable, Hashable, Codable, CustomStringConvertible {
    /// True when the destination can deliver.
    public var isAvailable: Bool
    /// Why it is unavailable ("xclip not found (apt-get install xclip)"), or a note on how it will
    /// deliver when available ("opens the browser with xdg-open"). Never contains a secret.
    public var reason: String?
    /// The facts behind the reason (which setting is missing), for advice in the caller's terms.
    /// Not encoded: the reason is what reports show.
    public var detail: ShareError.Detail?

    public init(isAvailable: Bool, reason: String?, detail: ShareError.Detail? = nil) {
        self.isAvailable = isAvailable
        self.reason = reason
        self.detail = detail
    }

    private enum CodingKeys: String, CodingKey {
        case isAvailable, reason
    }

    /// Available, with an optional note on how delivery will happen.
    public static func available(_ note: String? = nil, detail: ShareError.Detail? = nil) -> Availability {
        Availability(isAvailable: true, reason: note, detail: detail)
    }

    /// Unavailable, with the reason and the facts behind it.
    public static func unavailable(_ reason: String, detail: ShareError.Detail? = nil) -> Availability {
        Availability(isAvailable: false, reason: reason, detail: detail)
    }

    /// Unavailable for the reason `error` gives.
    public static func unavailable(_ error: ShareError) -> Availability {
        Availability(isAvailable: false, reason: error.message, detail: error.detail)
    }

    public var description: String {
        switch (isAvailable, reason) {
        case (true, nil): return "available"
        case (true, let note?): return "available (\(note))"
        case (false, let reason): return "unavailable: \(reason ?? "no reason given")"
        }
    }
}
