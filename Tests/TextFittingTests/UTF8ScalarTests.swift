import Testing

@testable import TextFitting

/// The line counter's UTF-8 decoder accepts exactly what Swift's decoder accepts, with the same
/// scalar and length, and nothing cut short.
@Suite struct UTF8ScalarTests {
    /// Swift's reading of the first scalar of `bytes`: the scalar and its length, or nil.
    static func swiftDecode(_ bytes: [UInt8]) -> (UInt32, Int)? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar.value, UTF8.width(scalar))
    }

    static func check(_ bytes: [UInt8]) {
        var index = 0
        let decoded = bytes.withUnsafeBufferPointer { UTF8Scalar.decode($0.baseAddress!, $0.count, &index) }
        let expected = swiftDecode(bytes)
        #expect(decoded == expected?.0, "\(bytes.map { String($0, radix: 16) })")
        #expect(index == (expected?.1 ?? 0), "\(bytes.map { String($0, radix: 16) })")
    }

    @Test func everyTwoAndThreeByteSequence() {
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                Self.check([lead, second])
                guard lead >= 0xE0 && lead < 0xF0 else { continue }
                for third in UInt8(0)...0xFF { Self.check([lead, second, third]) }
            }
            Self.check([lead])  // cut short
        }
    }

    @Test func fourByteSequencesAtEveryEdge() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in UInt8(0xF0)...0xFF {
            for second in UInt8(0)...0xFF {
                Self.check([lead, second, 0x80])  // cut short
                for third in edges {
                    for fourth in edges { Self.check([lead, second, third, fourth]) }
                }
            }
        }
    }
}
