/// The card drawn for a share, as history keeps it: its kind (`quote`, `stat`, ...) and theme.
package struct HistoryCard: Sendable, Hashable, Codable {
    /// The card's kind.
    package var kind: String
    /// The card's theme, when one was chosen.
    package var theme: String?

    package init(kind: String, theme: String? = nil) {
        self.kind = kind
        self.theme = theme
    }
}
