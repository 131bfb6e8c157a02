/// The fast path of `sharevia sms count --lines`: one pass over a line's UTF-8 bytes, checking
/// them and writing the same line ``SMSAnalysis`` and ``SMSCount/summary`` give, without building
/// a `String`.
///
/// 1. GSM-7: a table lookup per byte (a decode only for multi-byte sequences), packing septets
///    into parts as it goes, until the end or the first character GSM-7 can't carry.
/// 2. UCS-2 (from the start again): grapheme clusters from ``SMSClusterBreaker``, each packed whole
///    into parts of UTF-16 units and, when it holds a non-GSM scalar, noted as forcing UCS-2.
///    Runs of printable ASCII are counted a run at a time.
///
/// It declines, writing nothing, where the full analysis must decide: a scalar whose cluster
/// break class it doesn't know, or a UCS-2 line that smart encoding could make GSM-7 (the note
/// says what it would save). `SMSLineCounterTests` and the `sms-count` fuzz target check that the
/// output is the full analysis's.
public enum SMSLineCounter {
    /// What ``count(_:appendingTo:)`` did with a line.
    public enum Outcome: Sendable, Equatable {
        /// The line's summary and notes, then a line feed, were appended.
        case counted
        /// Nothing was appended: the full analysis must count the line (its bytes may still be bad).
        case declined
        /// The bytes are not UTF-8; nothing was appended.
        case invalidUTF8
    }

    /// Appends the summary of `line` (valid UTF-8, without its line feed) and its notes, then a
    /// line feed, to `output`; returns false, appending nothing, when the line needs the full
    /// analysis.
    public static func appendSummary(of line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        count(line, appendingTo: &output) == .counted
    }

    /// Appends the summary of `line` (bytes without their line feed) and its notes, then a line
    /// feed, to `output`, checking the bytes are UTF-8 as it goes.
    public static func count(_ line: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Outcome {
        SMSSummaryWriter.withWriter(appendingTo: &output) { writer in
            GSM7Alphabet.latin1Septets.withUnsafeBufferPointer { septets in
                byteClasses.withUnsafeBufferPointer { classes in
                    count(line, septets: septets, classes: classes, writer: &writer)
                }
            }
        }
    }

    /// For each byte: 0 when it is printable ASCII of one septet, 1 when of two (an extension
    /// character), 64 otherwise (a control, the backtick, or part of a multi-byte sequence).
    /// Eight bytes sum to less than 64 exactly when all of them are printable GSM-7 ASCII.
    static let byteClasses: [UInt8] = (0..<256).map { byte in
        guard byte >= 0x20 && byte < 0x7F else { return 64 }
        switch GSM7Alphabet.latin1Septets[byte] {
        case 1: return 0
        case 2: return 1
        default: return 64
        }
    }

    @inline(__always)
    private static func blockClass(_ base: UnsafePointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>) -> Int {
        var sum = Int(classes[Int(base[0])]) &+ Int(classes[Int(base[1])])
        sum &+= Int(classes[Int(base[2])]) &+ Int(classes[Int(base[3])])
        sum &+= Int(classes[Int(base[4])]) &+ Int(classes[Int(base[5])])
        sum &+= Int(classes[Int(base[6])]) &+ Int(classes[Int(base[7])])
        return sum
    }

    /// True when the eight bytes at `base` are all printable ASCII but the backtick (bytes
    /// whose class is below 64), tested together as one 64-bit word.
    @inline(__always)
    static func isPlainASCII(_ base: UnsafePointer<UInt8>) -> Bool {
        let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 (0x80 excluded by the first term), 0x7F, or 0x60 (zero after the xor).
        let below = (word &- ones &* 0x20) & ~word
        let deletes = word ^ (ones &* 0x7F)
        let backticks = word ^ (ones &* 0x60)
        let delete = (deletes &- ones) & ~deletes
        let backtick = (backticks &- ones) & ~backticks
        return (word | below | delete | backtick) & highs == 0
    }

    private static func count(
        _ line: UnsafeBufferPointer<UInt8>,
        septets table: UnsafeBufferPointer<UInt8>,
        classes: UnsafeBufferPointer<UInt8>,
        writer: inout SMSSummaryWriter
    ) -> Outcome {
        let count = line.count
        guard let base = line.baseAddress, count > 0 else {
            writer.summary(.gsm7, units: 0, parts: 1, left: SMSEncoding.gsm7.singleCapacity)
            writer.byte(0x0A)
            return .counted
        }
        let capacity = SMSEncoding.gsm7.partCapacity
        var septets = 0
        var parts = 1
        var used = 0
        var index = 0
        var byteByByteUntil = 0  // after a block that is not all ASCII, its bytes one by one
        while index < count {
            // Eight printable ASCII characters at a time while they can't fill the part.
            if index >= byteByByteUntil && index + 8 <= count && used <= capacity - 16 {
                let block = blockClass(base + index, classes)
                if block < 64 {
                    septets += 8 + block
                    used += 8 + block
                    index += 8
                    continue
                }
                byteByByteUntil = index + 8
            }
            let byte = base[index]
            let weight: Int
            if byte < 0x80 {
                weight = Int(table[Int(byte)])
                index += 1
            } else {
                guard let scalar = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                weight = scalar < 0x100 ? Int(table[Int(scalar)]) : septetsAbove255(scalar)
            }
            if weight == 0 { return countUCS2(base, count, table, classes, writer: &writer) }
            septets += weight
            if used + weight > capacity {
                parts += 1
                used = weight
            } else {
                used += weight
            }
        }
        let single = septets <= SMSEncoding.gsm7.singleCapacity
        let left = single ? SMSEncoding.gsm7.singleCapacity - septets : capacity - used
        writer.summary(.gsm7, units: septets, parts: single ? 1 : parts, left: left)
        writer.byte(0x0A)
        return .counted
    }

    /// The UCS-2 count of a line holding a non-GSM character.
    private static func countUCS2(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ table: UnsafeBufferPointer<UInt8>,
        _ classes: UnsafeBufferPointer<UInt8>,
        writer: inout SMSSummaryWriter
    ) -> Outcome {
        var packing = UCS2Packing()
        var breaker = SMSClusterBreaker()
        var cluster = (start: 0, units: 0, forcing: false)
        var forcing = ForcingClusters()
        var hopeless = false  // a non-GSM character with no GSM-7 look-alike: smart encoding can't help
        var index = 0
        while index < count {
            if classes[Int(base[index])] < 64 {
                // A run of printable GSM-7 ASCII: one-unit clusters, each starting a cluster; the
                // last may gain combining marks.
                if index > 0 {
                    packing.add(cluster: base, from: cluster.start, to: index, units: cluster.units)
                    if cluster.forcing { forcing.note(base, from: cluster.start, to: index) }
                }
                var end = index + 1
                while end + 8 <= count && isPlainASCII(base + end) { end += 8 }
                while end < count && classes[Int(base[end])] < 64 { end += 1 }
                packing.addUnits(end - 1 - index)
                breaker.sawPlainASCII()
                cluster = (end - 1, 1, false)
                index = end
                continue
            }
            let position = index
            let scalar: UInt32
            let byte = base[index]
            if byte < 0x80 {
                scalar = UInt32(byte)
                index += 1
            } else {
                guard let decoded = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                scalar = decoded
            }
            let kind = SMSClusterBreaker.kind(of: scalar)
            guard kind != .unknown else { return .declined }
            if breaker.startsCluster(kind) && position > 0 {
                packing.add(cluster: base, from: cluster.start, to: position, units: cluster.units)
                if cluster.forcing { forcing.note(base, from: cluster.start, to: position) }
                cluster = (position, 0, false)
            }
            cluster.units += scalar >= 0x10000 ? 2 : 1
            let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : septetsAbove255(scalar)
            if weight == 0 {
                cluster.forcing = true
                if !hopeless && SMSSmartEncoding.replacement(for: Unicode.Scalar(scalar)!) == nil { hopeless = true }
            }
        }
        // Every byte is checked: a line smart encoding could make GSM-7 goes to the full analysis.
        guard hopeless else { return .declined }
        packing.add(cluster: base, from: cluster.start, to: count, units: cluster.units)
        if cluster.forcing { forcing.note(base, from: cluster.start, to: count) }
        let units = packing.units
        let single = units <= SMSEncoding.ucs2.singleCapacity
        let left = single ? SMSEncoding.ucs2.singleCapacity - units : SMSEncoding.ucs2.partCapacity - packing.used
        writer.summary(.ucs2, units: units, parts: single ? 1 : packing.parts, left: left)
        writer.literal("; UCS-2 forced by ")
        for number in 0..<forcing.count {
            let (start, end) = forcing[number]
            if number > 0 { writer.literal(", ") }
            writer.bytes(base + start, count: end - start)
            writer.literal(" (")
            var first = true
            var position = start
            while position < end {
                let scalar = UTF8Scalar.decodeValid(base, &position)
                let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : septetsAbove255(scalar)
                guard weight == 0 else { continue }
                if !first { writer.byte(0x20) }
                first = false
                writer.codePoint(scalar)
            }
            writer.byte(0x29)
        }
        writer.byte(0x0A)
        return .counted
    }

    /// The distinct clusters that forced UCS-2, in order, at most 20, as byte ranges of the line.
    private struct ForcingClusters {
        static let limit = 20
        private var ranges: [(start: Int, end: Int, key: UInt64)] = []
        var count: Int { ranges.count }

        subscript(number: Int) -> (start: Int, end: Int) { (ranges[number].start, ranges[number].end) }

        /// Notes the cluster `start..<end` unless the same bytes are noted already.
        @inline(__always)
        mutating func note(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
            guard ranges.count < Self.limit else { return }
            // The length and up to seven first bytes: most clusters differ there.
            let length = end - start
            var key = UInt64(truncatingIfNeeded: min(length, 255))
            for offset in 0..<min(length, 7) { key |= UInt64(base[start + offset]) << (8 * UInt64(offset + 1)) }
            for range in ranges where range.key == key {
                if length <= 7 || same(base, range.start, start, length) { return }
            }
            if ranges.isEmpty { ranges.reserveCapacity(Self.limit) }
            ranges.append((start, end, key))
        }

        private func same(_ base: UnsafePointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
            for offset in 0..<length where base[a + offset] != base[b + offset] { return false }
            return true
        }
    }

    /// UTF-16 units packed greedily into UCS-2 parts, a cluster never split (unless it is longer
    /// than a part), as ``SMSSegmentCounter`` packs them.
    private struct UCS2Packing {
        private(set) var units = 0
        private(set) var parts = 1
        private(set) var used = 0

        /// Adds `count` one-unit clusters.
        @inline(__always)
        mutating func addUnits(_ count: Int) {
            units += count
            used += count
            let capacity = SMSEncoding.ucs2.partCapacity
            if used > capacity {
                let extra = (used - 1) / capacity
                parts += extra
                used -= extra * capacity
            }
        }

        /// Adds the cluster `start..<end` of `units` UTF-16 units.
        @inline(__always)
        mutating func add(cluster base: UnsafePointer<UInt8>, from start: Int, to end: Int, units clusterUnits: Int) {
            let capacity = SMSEncoding.ucs2.partCapacity
            if clusterUnits <= capacity {
                add(atom: clusterUnits)
                return
            }
            // A cluster no part can hold: its scalars one by one.
            var position = start
            while position < end { add(atom: UTF8Scalar.decodeValid(base, &position) >= 0x10000 ? 2 : 1) }
        }

        @inline(__always)
        private mutating func add(atom: Int) {
            units += atom
            if used + atom > SMSEncoding.ucs2.partCapacity {
                parts += 1
                used = atom
            } else {
                used += atom
            }
        }
    }

    @inline(__always)
    private static func septetsAbove255(_ value: UInt32) -> Int {
        GSM7Alphabet.septets(for: Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
