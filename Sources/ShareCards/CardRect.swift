/// A rectangle in card pixels.
public struct CardRect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// True when `other` lies inside this rectangle, allowing `slack` pixels on every side.
    public func contains(_ other: CardRect, slack: Double = 0) -> Bool {
        other.x >= x - slack && other.y >= y - slack && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }

    /// The same rectangle reflected across the vertical centre line of a canvas `width` wide.
    func mirrored(in width: Double) -> CardRect {
        CardRect(x: width - x - self.width, y: y, width: self.width, height: height)
    }

    func inset(by amount: Double) -> CardRect {
        CardRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    public var description: String { "(\(Int(x)),\(Int(y)) \(Int(width))x\(Int(height)))" }
}
