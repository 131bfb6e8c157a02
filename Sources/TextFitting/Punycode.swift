/// RFC 3492 Punycode: the ASCII form of an internationalised domain label (IDNA's `xn--` labels),
/// and its length, which twitter-text uses to reject labels longer than 63 characters.
public enum Punycode {
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

    /// The Punycode encoding of the code points (without the `xn--` prefix), or nil when it
    /// overflows. `encode([0x62, 0xFC, 0x63, 0x68])` ("büch") is `"bch-hoa"`.
    public static func encode(_ input: [UInt32]) -> String? {
        var output = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { break }
            let increase = Int(m - n).multipliedReportingOverflow(by: handled + 1)
            guard !increase.overflow, delta <= Int(Int32.max) - increase.partialValue else { return nil }
            delta += increase.partialValue
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The ASCII form of one domain label: the label itself, lowercased, when it is ASCII, else
    /// `xn--` and the Punycode of its lowercased code points. Nil when encoding overflows.
    public static func asciiLabel(_ label: String) -> String? {
        let lowered = label.lowercased()
        let scalars = lowered.unicodeScalars.map(\.value)
        if scalars.allSatisfy({ $0 < 0x80 }) { return lowered }
        return encode(scalars).map { "xn--" + $0 }
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
