/// Where the grapheme clusters of a message start, for the UCS-2 pass of ``SMSScanner``.
protocol SMSClusterBoundaries {
    /// True when a cluster starts at the scalar `value` at byte `offset`; nil when it can't tell
    /// (the scanner then counts the message again with ``SMSCharacterBoundaries``).
    mutating func startsCluster(_ value: UInt32, at offset: Int) -> Bool?

    /// Notes a run of printable ASCII starting at byte `offset`; true when its first byte starts a
    /// cluster. Every later byte of the run does.
    mutating func startsPlainASCIIRun(at offset: Int) -> Bool
}

/// ``SMSClusterBreaker``'s table, for the scalars whose break class it knows.
struct SMSTableBoundaries: SMSClusterBoundaries {
    private var breaker = SMSClusterBreaker()
    private let classes: UnsafeBufferPointer<UInt16>

    /// Boundaries from `classes`, ``SMSClusterBreaker/classes`` read once by the caller.
    init(classes: UnsafeBufferPointer<UInt16>) { self.classes = classes }

    @inline(__always)
    mutating func startsCluster(_ value: UInt32, at offset: Int) -> Bool? {
        let kind = SMSClusterBreaker.kind(of: value, classes: classes)
        guard kind != .unknown else { return nil }
        return breaker.startsCluster(kind)
    }

    @inline(__always)
    mutating func startsPlainASCIIRun(at offset: Int) -> Bool {
        breaker.sawPlainASCII()
        return true
    }
}

/// Swift's own `Character` boundaries, for messages with scalars the table doesn't know (Indic
/// scripts, Hangul jamo, prepended marks), with CR LF as two clusters as SMS packing splits it.
struct SMSCharacterBoundaries: SMSClusterBoundaries {
    /// For each byte offset, true where a cluster starts.
    private let starts: [Bool]

    /// The boundaries of `bytes`, or nil when they are not UTF-8.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var starts = [Bool](repeating: false, count: bytes.count + 1)
        var offset = 0
        for character in text {
            starts[offset] = true
            let length = character.utf8.count
            if length == 2 && bytes[offset] == 0x0D { starts[offset + 1] = true }  // CR LF
            offset += length
        }
        self.starts = starts
    }

    func startsCluster(_ value: UInt32, at offset: Int) -> Bool? { starts[offset] }

    func startsPlainASCIIRun(at offset: Int) -> Bool { starts[offset] }
}
