/// The fast path of `sharevia sms count --lines`: one pass over a line's UTF-8 bytes, checking
/// them and writing the same line ``SMSAnalysis`` and ``SMSCount/summary`` give, without building
/// a `String`.
///
/// 1. GSM-7: printable ASCII eight bytes at a time (``ASCIIWord``), other bytes through a table
///    (a decode only for multi-byte sequences), counting septets, until the end or the first
///    character GSM-7 can't carry. Only escape pairs can move a part's edge (``GSM7Parts``).
/// 2. UCS-2 (from the start again): grapheme clusters from ``SMSClusterBreaker``, each packed whole
///    into parts of UTF-16 units and, when it holds a non-GSM scalar, noted as forcing UCS-2.
///    Runs of printable ASCII are counted a run at a time.
///
/// A UCS-2 line whose every non-GSM character has a look-alike takes a third pass, counting it
/// as smart encoding would send it, for the note on what that would save.
///
/// It declines, writing nothing, where the full analysis must decide: a scalar whose cluster
/// break class it doesn't know. `SMSLineCounterTests` and the `sms-count` fuzz target check that
/// the output is the full analysis's.
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

    /// Appends the summary of `line` (bytes without their line feed) and its notes, then a line
    /// feed, to `output`, checking the bytes are UTF-8 as it goes.
    public static func count(_ line: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Outcome {
        SMSSummaryWriter.withWriter(appendingTo: &output) { writer in
            GSM7Alphabet.latin1Septets.withUnsafeBufferPointer { septets in
                byteClasses.withUnsafeBufferPointer { classes in
                    SMSClusterBreaker.classes.withUnsafeBufferPointer { breaks in
                        count(line, septets: septets, classes: classes, breaks: breaks, writer: &writer)
                    }
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

    /// Eight bytes tested together as one 64-bit word: which are not printable GSM-7 ASCII
    /// (class 64 in ``byteClasses``: 0x80 and up, controls, DEL, the backtick), and which are
    /// extension characters, each as the high bit of its byte. Exact for every byte (no borrow
    /// crosses bytes), so the lowest flagged byte is the first one that is not plain.
    struct ASCIIWord {
        let special: UInt64
        let extensions: UInt64

        @inline(__always)
        init(_ base: UnsafePointer<UInt8>) {
            let word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            let highs: UInt64 = 0x8080_8080_8080_8080
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let seven = word & lows
            let control = ~(seven &+ 0x6060_6060_6060_6060) & highs  // below 0x20
            let delete = (seven &+ 0x0101_0101_0101_0101) & highs  // 0x7F
            let backtick = ~Self.nonZero(seven ^ 0x6060_6060_6060_6060) & highs
            special = (word & highs) | control | delete | backtick
            // [ \ ] ^ and { | } ~ are 0x7B to 0x7E once bit 5 is set (and _ becomes DEL).
            let folded = seven | 0x2020_2020_2020_2020
            extensions = (folded &+ 0x0505_0505_0505_0505) & Self.nonZero(folded ^ lows) & highs
        }

        /// The high bit of each byte of `value` that is not zero (bytes below 0x80).
        @inline(__always)
        static func nonZero(_ value: UInt64) -> UInt64 {
            ((value & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | value
        }

        /// The extension characters among the first `count` bytes, each as the high bit of its byte.
        @inline(__always)
        func extensions(inFirst count: Int) -> UInt64 {
            guard extensions != 0 else { return 0 }  // the usual case
            let mask: UInt64 = count == 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
            return extensions & mask
        }

        /// The plain bytes before the first special one (8 when none is).
        @inline(__always)
        var plainPrefix: Int { special.trailingZeroBitCount >> 3 }
    }

    private static func count(
        _ line: UnsafeBufferPointer<UInt8>,
        septets table: UnsafeBufferPointer<UInt8>,
        classes: UnsafeBufferPointer<UInt8>,
        breaks: UnsafeBufferPointer<UInt16>,
        writer: inout SMSSummaryWriter
    ) -> Outcome {
        let count = line.count
        guard let base = line.baseAddress, count > 0 else {
            writer.summary(.gsm7, units: 0, parts: 1, left: SMSEncoding.gsm7.singleCapacity)
            writer.byte(0x0A)
            return .counted
        }
        var septets = 0
        var parts = GSM7Parts()
        var index = 0
        while index < count {
            // Eight bytes at a time: the plain ones before the first that is not, which goes
            // through the loop's slower path below.
            if index &+ 8 <= count {
                let word = ASCIIWord(base + index)
                let plain = word.plainPrefix
                if plain > 0 {
                    // Extension characters among the plain bytes count 2, and may start a part.
                    var escapes = word.extensions(inFirst: plain)
                    var counted = 0
                    while escapes != 0 {
                        let position = escapes.trailingZeroBitCount >> 3
                        septets &+= position &- counted
                        parts.addEscape(at: septets)
                        septets &+= 2
                        counted = position &+ 1
                        escapes &= escapes &- 1
                    }
                    septets &+= plain &- counted
                    index &+= plain
                    continue
                }
            }
            let byte = base[index]
            let weight: Int
            if byte < 0x80 {
                weight = Int(table[Int(byte)])
                index &+= 1
            } else {
                guard let scalar = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                weight = scalar < 0x100 ? Int(table[Int(scalar)]) : GSM7Alphabet.septetsAbove255(scalar)
            }
            if weight == 0 { return countUCS2(base, count, table, classes, breaks, writer: &writer) }
            if weight == 2 { parts.addEscape(at: septets) }
            septets &+= weight
        }
        let single = septets <= SMSEncoding.gsm7.singleCapacity
        let (partCount, used) = parts.finish(septets: septets)
        let left = single ? SMSEncoding.gsm7.singleCapacity - septets : SMSEncoding.gsm7.partCapacity - used
        writer.summary(.gsm7, units: septets, parts: single ? 1 : partCount, left: left)
        writer.byte(0x0A)
        return .counted
    }

    /// GSM-7 septets packed greedily into parts of 153, an escape pair (an extension character)
    /// never split, as ``SMSSegmentCounter`` packs them, from where the escape pairs are alone:
    /// one-septet characters fill each part to the last septet, so only a pair at a part's last
    /// septet moves the edge.
    struct GSM7Parts {
        private(set) var count = 1
        /// Where the current part starts, in septets.
        private var start = 0

        /// Notes an escape pair starting `offset` septets into the message.
        @inline(__always)
        mutating func addEscape(at offset: Int) {
            let capacity = SMSEncoding.gsm7.partCapacity
            while offset >= start &+ capacity {
                start &+= capacity
                count &+= 1
            }
            if offset == start &+ capacity &- 1 {
                // The pair would straddle the edge: the next part starts with it.
                start = offset
                count &+= 1
            }
        }

        /// The parts of a message of `septets` septets, and the septets in the last.
        func finish(septets: Int) -> (count: Int, used: Int) {
            let capacity = SMSEncoding.gsm7.partCapacity
            guard septets > start &+ capacity else { return (count, septets &- start) }
            let more = (septets &- start &- 1) / capacity
            return (count &+ more, septets &- start &- more &* capacity)
        }
    }

    /// The UCS-2 count of a line holding a non-GSM character.
    private static func countUCS2(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ table: UnsafeBufferPointer<UInt8>,
        _ classes: UnsafeBufferPointer<UInt8>,
        _ breaks: UnsafeBufferPointer<UInt16>,
        writer: inout SMSSummaryWriter
    ) -> Outcome {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: ForcingClusters.storageWords) { storage in
            var forcing = ForcingClusters(storage: storage.baseAddress!)
            return countUCS2(base, count, table, classes, breaks, forcing: &forcing, writer: &writer)
        }
    }

    private static func countUCS2(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ table: UnsafeBufferPointer<UInt8>,
        _ classes: UnsafeBufferPointer<UInt8>,
        _ breaks: UnsafeBufferPointer<UInt16>,
        forcing: inout ForcingClusters,
        writer: inout SMSSummaryWriter
    ) -> Outcome {
        var packing = UCS2Packing()
        var breaker = SMSClusterBreaker()
        var cluster = (start: 0, units: 0, forcing: false)
        var hopeless = false  // a non-GSM character with no GSM-7 look-alike: smart encoding can't help
        var index = 0
        while index < count {
            if classes[Int(base[index])] < 64 {
                // A run of printable GSM-7 ASCII: one-unit clusters, each starting a cluster; the
                // last may gain combining marks.
                if index > 0 {
                    packing.add(cluster: base, from: cluster.start, to: index, units: cluster.units)
                    if cluster.forcing { forcing.note(base, from: cluster.start, to: index, lineCount: count) }
                }
                var end = index &+ 1
                while end &+ 8 <= count {
                    let plain = ASCIIWord(base + end).plainPrefix
                    end &+= plain
                    if plain < 8 { break }
                }
                if end &+ 8 > count {
                    while end < count && classes[Int(base[end])] < 64 { end &+= 1 }
                }
                packing.addUnits(end &- 1 &- index)
                breaker.sawPlainASCII()
                cluster = (end &- 1, 1, false)
                index = end
                continue
            }
            let position = index
            let scalar: UInt32
            let byte = base[index]
            if byte < 0x80 {
                scalar = UInt32(byte)
                index &+= 1
            } else {
                guard let decoded = UTF8Scalar.decode(base, count, &index) else { return .invalidUTF8 }
                scalar = decoded
            }
            let kind = SMSClusterBreaker.kind(of: scalar, classes: breaks)
            guard kind != .unknown else { return .declined }
            if breaker.startsCluster(kind) && position > 0 {
                packing.add(cluster: base, from: cluster.start, to: position, units: cluster.units)
                if cluster.forcing { forcing.note(base, from: cluster.start, to: position, lineCount: count) }
                cluster = (position, 0, false)
            }
            cluster.units &+= scalar >= 0x10000 ? 2 : 1
            let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : GSM7Alphabet.septetsAbove255(scalar)
            if weight == 0 {
                cluster.forcing = true
                if !hopeless && SMSSmartEncoding.lookAlike(scalar) == nil { hopeless = true }
            }
        }
        packing.add(cluster: base, from: cluster.start, to: count, units: cluster.units)
        if cluster.forcing { forcing.note(base, from: cluster.start, to: count, lineCount: count) }
        let units = packing.units
        let single = units <= SMSEncoding.ucs2.singleCapacity
        let left = single ? SMSEncoding.ucs2.singleCapacity - units : SMSEncoding.ucs2.partCapacity - packing.used
        writer.summary(.ucs2, units: units, parts: single ? 1 : packing.parts, left: left)
        writer.literal("; UCS-2 forced by ")
        for number in 0..<forcing.count {
            let (start, end) = forcing[number]
            if number > 0 { writer.literal(", ") }
            writer.bytes(base + start, count: end - start, readable: count - start)
            writer.literal(" (")
            var first = true
            var position = start
            while position < end {
                let scalar = UTF8Scalar.decodeValid(base, &position)
                let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : GSM7Alphabet.septetsAbove255(scalar)
                guard weight == 0 else { continue }
                if !first { writer.byte(0x20) }
                first = false
                writer.codePoint(scalar)
            }
            writer.byte(0x29)
        }
        if !hopeless {
            // Every character GSM-7 lacks has a look-alike: say what smart encoding would save,
            // as ``SMSAnalysis`` does (it applies only when the segments don't grow).
            let smart = smartEncodedSegments(base, count, table)
            let segments = single ? 1 : packing.parts
            if smart <= segments {
                writer.literal("; smart encoding would make it GSM-7 in ")
                writer.number(smart)
                if smart == 1 { writer.literal(" segment") } else { writer.literal(" segments") }
                if smart < segments {
                    writer.literal(" (")
                    writer.number(segments - smart)
                    writer.literal(" fewer)")
                } else {
                    writer.literal(" (the same number of segments, more room left)")
                }
            }
        }
        writer.byte(0x0A)
        return .counted
    }

    /// The GSM-7 segments of a line (already checked UTF-8) with its look-alikes replaced, as
    /// ``SMSSmartEncoding`` replaces them; every other character must be GSM-7.
    private static func smartEncodedSegments(
        _ base: UnsafePointer<UInt8>,
        _ count: Int,
        _ table: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var septets = 0
        var parts = GSM7Parts()
        func add(_ weight: Int) {
            if weight == 2 { parts.addEscape(at: septets) }
            septets += weight
        }
        var position = 0
        while position < count {
            let scalar = UTF8Scalar.decodeValid(base, &position)
            let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : GSM7Alphabet.septetsAbove255(scalar)
            if weight > 0 {
                add(weight)
                continue
            }
            switch SMSSmartEncoding.lookAlike(scalar) {
            case .character(let byte): add(Int(table[Int(byte)]))
            case .threeDots: septets += 3
            case .removed, nil: break
            }
        }
        return septets <= SMSEncoding.gsm7.singleCapacity ? 1 : parts.finish(septets: septets).count
    }

    /// The distinct clusters that forced UCS-2, in order, at most 20, as byte ranges of the line,
    /// found again through a small hash table of their first bytes.
    private struct ForcingClusters {
        static let limit = 20
        /// The words of storage it needs: starts, ends and keys, then 64 one-byte slots.
        static let storageWords = 3 * limit + 8
        private let starts: UnsafeMutablePointer<UInt64>
        private let ends: UnsafeMutablePointer<UInt64>
        private let keys: UnsafeMutablePointer<UInt64>
        /// 1 + the number of a noted cluster, at the slot its key hashes to (or after); 0: empty.
        private let slots: UnsafeMutablePointer<UInt8>
        private(set) var count = 0

        /// Uses `storage` (``storageWords`` words, uninitialized) for its tables.
        init(storage: UnsafeMutablePointer<UInt64>) {
            starts = storage
            ends = storage + Self.limit
            keys = storage + 2 * Self.limit
            slots = UnsafeMutableRawPointer(storage + 3 * Self.limit).bindMemory(to: UInt8.self, capacity: 64)
            slots.initialize(repeating: 0, count: 64)
        }

        subscript(number: Int) -> (start: Int, end: Int) {
            (Int(truncatingIfNeeded: starts[number]), Int(truncatingIfNeeded: ends[number]))
        }

        /// Notes the cluster `start..<end` of a line of `lineCount` bytes unless the same bytes
        /// are noted already.
        @inline(__always)
        mutating func note(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, lineCount: Int) {
            guard count < Self.limit else { return }
            let key = Self.key(base, from: start, to: end, lineCount: lineCount)
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { break }
                // The key holds the length only up to 255: longer clusters compare lengths too.
                let noted = Int(truncatingIfNeeded: starts[entry - 1])
                if keys[entry - 1] == key
                    && (end - start <= 7
                        || (Int(truncatingIfNeeded: ends[entry - 1]) - noted == end - start
                            && same(base, noted, start, end - start)))
                {
                    return
                }
                slot = (slot + 1) & 63
            }
            slots[slot] = UInt8(truncatingIfNeeded: count + 1)
            starts[count] = UInt64(truncatingIfNeeded: start)
            ends[count] = UInt64(truncatingIfNeeded: end)
            keys[count] = key
            count += 1
        }

        /// The length (up to 255) and up to seven first bytes: the whole cluster when it is short.
        @inline(__always)
        private static func key(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, lineCount: Int) -> UInt64 {
            let length = end - start
            var bytes: UInt64 = 0
            if start + 8 <= lineCount {
                bytes = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
                if length < 8 { bytes &= (1 << (8 * UInt64(length))) - 1 }
            } else {
                for offset in 0..<min(length, 8) { bytes |= UInt64(base[start + offset]) << (8 * UInt64(offset)) }
            }
            return bytes << 8 | UInt64(truncatingIfNeeded: min(length, 255))
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
            units &+= count
            used &+= count
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
            units &+= atom
            if used &+ atom > SMSEncoding.ucs2.partCapacity {
                parts &+= 1
                used = atom
            } else {
                used &+= atom
            }
        }
    }
}
