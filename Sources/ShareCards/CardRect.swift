/// A rectangle in card pixels.
package struct CardRect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    package var x: Double
    /// The top edge.
    package var y: Double
    /// The width.
    package var width: Double
    /// The height.
    package var height: Double

    /// A rectangle from its top-left corner and size.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    package var maxX: Double { x + width }
    /// The bottom edge.
    package var maxY: Double { y + height }
    /// The horizontal centre.
    package var midX: Double { x + width / 2 }
    /// The vertical centre.
    package var midY: Double { y + height / 2 }

    /// True when `other` lies inside this rectangle, allowing `slack` pixels on every side.
    package func contains(_ other: CardRect, slack: Double = 0) -> Bool {
        other.x >= x - slack && other.y >= y - slack && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }

    /// The same rectangle reflected across the vertical centre line of a canvas `width` wide.
    func mirrored(in width: Double) -> CardRect {
        CardRect(x: width - x - self.width, y: y, width: self.width, height: height)
    }

    func inset(by amount: Double) -> CardRect {
        CardRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    package var description: String { "(\(Int(x)),\(Int(y)) \(Int(width))x\(Int(height)))" }
}
