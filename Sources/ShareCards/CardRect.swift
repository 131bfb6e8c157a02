/// A rectangle in card pixels.
public struct CardRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
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
