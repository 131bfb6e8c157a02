/// The length of a domain label after IDNA's ASCII encoding (RFC 3492 Punycode with the `xn--`
/// prefix), which twitter-text uses to reject labels longer than 63 characters.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN: UInt32 = 128

    /// The UTF-16 length of `punycode.toASCII(label)`: the label itself when it is ASCII
    /// (up to U+007E), else `xn--` followed by its Punycode encoding. Nil when encoding overflows.
    static func asciiLength<Label: Collection<UInt32>>(of label: Label) -> Int? {
        if label.allSatisfy({ $0 <= 0x7E }) { return label.count }
        guard let encoded = encodedLength(of: Array(label)) else { return nil }
        return 4 + encoded
    }

    /// The length of the Punycode encoding of the code points.
    static func encodedLength(of input: [UInt32]) -> Int? {
        var output = 0
        let basicCount = input.reduce(0) { $0 + ($1 < 0x80 ? 1 : 0) }
        output += basicCount
        var handled = basicCount
        if basicCount > 0 { output += 1 }  // the delimiter
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { break }
            let increase = Int(m - n) * (handled + 1)
            guard delta <= Int.max - increase else { return nil }
            delta += increase
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output += 1
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output += 1
                    bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
