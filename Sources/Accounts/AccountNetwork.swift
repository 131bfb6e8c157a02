/// The networks sharevia signs in to.
package enum AccountNetwork: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case mastodon
    case bluesky

    /// "Mastodon" or "Bluesky", for sentences.
    package var displayName: String {
        switch self {
        case .mastodon: return "Mastodon"
        case .bluesky: return "Bluesky"
        }
    }

    package static func < (left: Self, right: Self) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
