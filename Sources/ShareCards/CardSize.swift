/// A card's size in pixels: a named preset or any width x height within limits.
package struct CardSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    package var width: Int
    /// Height in pixels.
    package var height: Int

    /// A size; ``init(parsing:)`` checks the limits, this does not.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// 1080x1920, the default: Instagram and other stories.
    package static let story = CardSize(width: 1080, height: 1920)
    /// 1080x1080.
    package static let square = CardSize(width: 1080, height: 1080)
    /// 1200x675, what X shows in a timeline.
    package static let landscape = CardSize(width: 1200, height: 675)
    /// 1200x630, a link preview (Open Graph).
    package static let link = CardSize(width: 1200, height: 630)

    /// The named sizes, as `--size` takes them.
    package static let named: [(name: String, size: CardSize)] = [
        ("story", story), ("square", square), ("landscape", landscape), ("link", link),
    ]

    /// The smallest and largest side accepted.
    package static let sides = 200...4096

    /// Parses `story`, `square`, `landscape`, `link` or `WxH`.
    ///
    /// - Throws: ``CardError`` (`invalidSpec`) saying what is accepted.
    package init(parsing text: String) throws(CardError) {
        if let preset = Self.named.first(where: { $0.name == text.lowercased() }) {
            self = preset.size
            return
        }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw CardError(
                .invalidSpec,
                "size '\(text)' is not story, square, landscape, link or WIDTHxHEIGHT (such as 1200x675)"
            )
        }
        guard Self.sides.contains(width), Self.sides.contains(height) else {
            throw CardError(
                .invalidSpec,
                "size \(width)x\(height) is outside \(Self.sides.lowerBound)...\(Self.sides.upperBound) pixels a side; "
                    + "pick a smaller size such as story (1080x1920)"
            )
        }
        self.init(width: width, height: height)
    }

    package var description: String { "\(width)x\(height)" }

    /// How the layout treats this size.
    enum Shape { case portrait, square, landscape }

    var shape: Shape {
        let ratio = Double(height) / Double(width)
        if ratio >= 1.25 { return .portrait }
        if ratio >= 0.8 { return .square }
        return .landscape
    }
}
