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

    /// A description of how the decoder differs from Swift's on `bytes`, or nil when it agrees.
    static func difference(_ bytes: [UInt8]) -> String? {
        var index = 0
        let decoded = bytes.withUnsafeBufferPointer { UTF8Scalar.decode($0.baseAddress!, $0.count, &index) }
        let expected = swiftDecode(bytes)
        guard decoded != expected?.0 || index != (expected?.1 ?? 0) else { return nil }
        return "\(bytes.map { String($0, radix: 16) }): \(String(describing: decoded)) after \(index) bytes"
    }

    // Differences gathered and expected once per lead byte: an expectation per sequence would
    // cost seconds.
    @Test func everyTwoAndThreeByteSequence() {
        for lead in UInt8(0x80)...0xFF {
            var differences = [Self.difference([lead])].compactMap { $0 }  // cut short
            for second in UInt8(0)...0xFF {
                if let difference = Self.difference([lead, second]) { differences.append(difference) }
                guard lead >= 0xE0 && lead < 0xF0 else { continue }
                for third in UInt8(0)...0xFF {
                    if let difference = Self.difference([lead, second, third]) { differences.append(difference) }
                }
            }
            #expect(differences.isEmpty, "\(differences.prefix(10))")
        }
    }

    @Test func fourByteSequencesAtEveryEdge() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in UInt8(0xF0)...0xFF {
            var differences: [String] = []
            for second in UInt8(0)...0xFF {
                // Cut short, then whole.
                if let difference = Self.difference([lead, second, 0x80]) { differences.append(difference) }
                for third in edges {
                    for fourth in edges {
                        if let difference = Self.difference([lead, second, third, fourth]) {
                            differences.append(difference)
                        }
                    }
                }
            }
            #expect(differences.isEmpty, "\(differences.prefix(10))")
        }
    }
}
