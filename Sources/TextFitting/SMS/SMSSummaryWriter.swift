/// Writes what `sharevia sms count` prints about a count, as bytes: the one writer of
/// ``SMSCount/summary``, ``SMSAnalysis/notes`` and ``SMSSegmentCounter/nonGSMScalars(of:)``, and of
/// ``SMSLineCounter``'s lines. It writes into a small scratch buffer, appended to the output
/// array a buffer at a time.
struct SMSSummaryWriter {
    private let scratch: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0
    private let output: UnsafeMutablePointer<[UInt8]>

    /// The room one call may write unchecked.
    private static let chunk = 64

    /// Runs `body` with a writer appending to `output`, flushed at the end.
    static func withWriter<Result>(
        appendingTo output: inout [UInt8],
        _ body: (inout SMSSummaryWriter) -> Result
    ) -> Result {
        withUnsafeMutablePointer(to: &output) { output in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { scratch in
                var writer = SMSSummaryWriter(scratch: scratch.baseAddress!, capacity: scratch.count, output: output)
                let result = body(&writer)
                writer.flush()
                return result
            }
        }
    }

    private init(scratch: UnsafeMutablePointer<UInt8>, capacity: Int, output: UnsafeMutablePointer<[UInt8]>) {
        self.scratch = scratch
        self.capacity = capacity
        self.output = output
    }

    /// Moves what is written so far to the output array.
    mutating func flush() {
        output.pointee.append(contentsOf: UnsafeBufferPointer(start: scratch, count: used))
        used = 0
    }

    /// Makes room for `count` bytes (at most ``chunk``).
    @inline(__always)
    private mutating func reserve(_ count: Int) {
        if used + count > capacity { flush() }
    }

    /// What `body` writes, as a string.
    static func string(_ body: (inout SMSSummaryWriter) -> Void) -> String {
        var bytes: [UInt8] = []
        withWriter(appendingTo: &bytes, body)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `GSM-7, 2 segments, 161 septets (145 left in the last)`.
    mutating func summary(_ count: SMSCount) {
        summary(count.encoding, units: count.units, parts: count.segments, left: count.unitsLeftInLastSegment)
    }

    /// The start of the note on what forced UCS-2, before its first ``forcingCluster(_:from:to:readable:first:)``.
    mutating func forcingNoteStart() { literal("UCS-2 forced by ") }

    /// `’ (U+2019)`: the cluster `start..<end` of `base` (at least `readable` bytes from `start`
    /// can be read) and its scalars GSM-7 lacks (`septets` is ``GSM7Alphabet``'s table); after
    /// `, ` unless it is the `first`.
    @inline(__always)
    mutating func forcingCluster(
        _ base: UnsafePointer<UInt8>,
        from start: Int,
        to end: Int,
        readable: Int,
        first: Bool,
        septets: UnsafeBufferPointer<UInt8>
    ) {
        if !first { literal(", ") }
        bytes(base + start, count: end - start, readable: readable)
        literal(" (")
        nonGSMScalars(base, from: start, to: end, septets: septets)
        byte(0x29)
    }

    /// `U+0065 U+0301`: the scalars of `start..<end` of `base` (checked UTF-8) GSM-7 lacks
    /// (`septets` is ``GSM7Alphabet``'s table).
    @inline(__always)
    mutating func nonGSMScalars(
        _ base: UnsafePointer<UInt8>,
        from start: Int,
        to end: Int,
        septets: UnsafeBufferPointer<UInt8>
    ) {
        var first = true
        var position = start
        while position < end {
            let scalar = UTF8Scalar.decodeValid(base, &position)
            let weight = scalar < 0x100 ? septets[Int(scalar)] : UInt8(GSM7Alphabet.septetsAbove255(scalar))
            guard weight == 0 else { continue }
            if !first { byte(0x20) }
            first = false
            codePoint(scalar)
        }
    }

    /// `smart encoding would make it GSM-7 in 1 segment (1 fewer)`: for a text counted as
    /// `count` that smart encoding would count as `smart`.
    mutating func smartEncodingNote(_ smart: SMSCount, over count: SMSCount) {
        literal("smart encoding would make it GSM-7 in ")
        number(smart.segments)
        if smart.segments == 1 { literal(" segment") } else { literal(" segments") }
        if smart.segments < count.segments {
            literal(" (")
            number(count.segments - smart.segments)
            literal(" fewer)")
        } else {
            literal(" (the same number of segments, more room left)")
        }
    }

    /// `GSM-7, 2 segments, 161 septets (145 left in the last)`.
    mutating func summary(_ encoding: SMSEncoding, units: Int, parts: Int, left: Int) {
        // One literal per branch, so each copy has a constant length.
        if encoding == .gsm7 { literal("GSM-7, ") } else { literal("UCS-2, ") }
        number(parts)
        if parts == 1 { literal(" segment, ") } else { literal(" segments, ") }
        number(units)
        if encoding == .gsm7 { literal(" septets (") } else { literal(" UTF-16 units (") }
        number(left)
        literal(" left in the last)")
    }

    /// The bytes of a literal of at most ``chunk`` bytes.
    @inline(__always)
    mutating func literal(_ text: StaticString) {
        reserve(Self.chunk)
        (scratch + used).initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        used += text.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        scratch[used] = value
        used += 1
    }

    /// `count` bytes from `start`, where at least `readable` bytes can be read.
    @inline(__always)
    mutating func bytes(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) {
        // Up to 32 bytes as whole 64-bit words, without a call to memcpy.
        guard count <= 32 && readable >= (count + 7) & ~7 else { return bytes(start, count: count) }
        reserve(32)
        let from = UnsafeRawPointer(start)
        let to = UnsafeMutableRawPointer(scratch + used)
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        if count > 8 {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            if count > 16 {
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                    toByteOffset: 16,
                    as: UInt64.self
                )
                if count > 24 {
                    to.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
                        toByteOffset: 24,
                        as: UInt64.self
                    )
                }
            }
        }
        used += count
    }

    /// `count` bytes from `start`.
    mutating func bytes(_ start: UnsafePointer<UInt8>, count: Int) {
        if count > Self.chunk {
            flush()
            output.pointee.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
            return
        }
        reserve(count)
        (scratch + used).initialize(from: start, count: count)
        used += count
    }

    /// `value` (not negative) in decimal.
    @inline(__always)
    mutating func number(_ value: Int) {
        reserve(Self.chunk)
        let out = scratch + used
        if value < 10 {
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ value)
            used &+= 1
        } else if value < 100 {
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ value / 10)
            out[1] = UInt8(truncatingIfNeeded: 0x30 &+ value % 10)
            used &+= 2
        } else if value < 1000 {
            out[0] = UInt8(truncatingIfNeeded: 0x30 &+ value / 100)
            out[1] = UInt8(truncatingIfNeeded: 0x30 &+ value / 10 % 10)
            out[2] = UInt8(truncatingIfNeeded: 0x30 &+ value % 10)
            used &+= 3
        } else {
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            rest = value
            for offset in (0..<digits).reversed() {
                out[offset] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            used += digits
        }
    }

    /// `U+201C`: at least four uppercase hexadecimal digits.
    @inline(__always)
    mutating func codePoint(_ value: UInt32) {
        reserve(Self.chunk)
        let hex: StaticString = "0123456789ABCDEF"
        let digits = value < 0x10000 ? 4 : value < 0x100000 ? 5 : 6
        let out = scratch + used
        out[0] = 0x55  // U
        out[1] = 0x2B  // +
        var rest = value
        var position = digits + 1
        while position >= 2 {
            out[position] = hex.utf8Start[Int(rest & 0xF)]
            rest >>= 4
            position -= 1
        }
        used += 2 + digits
    }
}
