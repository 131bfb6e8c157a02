/// The fast path of `sharevia sms count --lines`: one pass over a line's UTF-8 bytes, writing the
/// same line ``SMSAnalysis`` and ``SMSCount/summary`` give, without building a `String` or
/// breaking the text into grapheme clusters.
///
/// Grapheme clusters matter in two places only: where a UCS-2 message is cut into parts, and
/// around the characters that forced UCS-2 (the notes name whole clusters). At each such place
/// the counter checks that a cluster boundary is certain from the two scalars around it (both
/// ordinary letters, CJK, kana, punctuation or a standalone emoji); where it is not (a combining
/// mark, a ZWJ sequence, a flag at a part boundary), or where smart encoding could make the line
/// GSM-7, it returns false and the caller runs the full analysis. So the output is always exactly
/// the full analysis's; `SMSLineCounterTests` and the `sms-count` fuzz target check that.
public enum SMSLineCounter {
    /// Appends the summary of `line` (valid UTF-8, without its line feed) and its notes, then a
    /// line feed, to `output`; returns false, appending nothing, when the line needs the full
    /// analysis.
    public static func appendSummary(of line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        let gsmCapacity = SMSEncoding.gsm7.partCapacity
        let ucsCapacity = SMSEncoding.ucs2.partCapacity
        let table = GSM7Alphabet.latin1Septets
        var gsm = true
        var septets = 0
        var gsmParts = 1
        var gsmUsed = 0
        var units = 0
        var ucsParts = 1
        var ucsUsed = 0
        var hopeless = false  // a non-GSM character with no GSM-7 look-alike
        var forcing: [(start: Int, end: Int)] = []  // the clusters that forced UCS-2, distinct
        var skipUntil = 0  // the end of the last cluster noted: its scalars are in it
        var certainStart = 0  // a position where a cluster certainly starts, at or before the scalar
        var known = (start: 0, end: 0)  // a cluster whose bounds are known (from a Character)
        var previous: UInt32 = 0x0A
        var index = 0
        let count = line.count
        while index < count {
            let position = index
            let scalar = decode(line, &index)
            // Does a cluster start here? Known when cheap; else resolved only when it matters.
            var starts: Bool?
            if position > known.start && position < known.end {
                starts = false
            } else if startsCluster(after: previous, scalar) {
                starts = true
                certainStart = position
            }
            func resolve() -> Bool? {
                if let starts { return starts }
                guard let bounds = cluster(in: line, around: position, from: certainStart) else { return nil }
                known = bounds
                certainStart = bounds.start
                starts = bounds.start == position
                return starts
            }
            let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : septetsAbove255(scalar)
            if weight == 0 {
                gsm = false
                if position >= skipUntil {
                    if SMSSmartEncoding.replacement(for: Unicode.Scalar(scalar)!) == nil { hopeless = true }
                    guard let startsHere = resolve() else { return false }
                    if startsHere && !(known.start == position && known.end > position) {
                        // Usually the next scalar starts a cluster of its own: no need to break text.
                        if index >= count || startsCluster(after: scalar, peek(line, at: index)) {
                            known = (position, index)
                        } else {
                            guard let bounds = cluster(in: line, around: position, from: position) else { return false }
                            known = bounds
                        }
                    }
                    skipUntil = known.end
                    if forcing.count < 20, !forcing.contains(where: { same(line, $0, known) }) {
                        forcing.append(known)
                    }
                }
            } else if gsm {
                septets += weight
                if gsmUsed + weight > gsmCapacity {
                    gsmParts += 1
                    gsmUsed = weight
                } else {
                    gsmUsed += weight
                }
            }
            let width = scalar >= 0x10000 ? 2 : 1
            units += width
            if ucsUsed + width > ucsCapacity {
                // The part ends where this scalar's cluster starts: the whole cluster moves on.
                guard let startsHere = resolve() else { return false }
                let before = startsHere ? 0 : utf16Units(line, from: known.start, to: position)
                // A cluster longer than a part is split between its scalars: the full analysis.
                guard before <= ucsUsed, before + width <= ucsCapacity else { return false }
                ucsParts += 1
                ucsUsed = before + width
            } else {
                ucsUsed += width
            }
            previous = scalar
        }
        if gsm {
            let parts = septets <= SMSEncoding.gsm7.singleCapacity ? 1 : gsmParts
            let left = parts == 1 ? SMSEncoding.gsm7.singleCapacity - septets : gsmCapacity - gsmUsed
            appendSummary(.gsm7, units: septets, parts: parts, left: left, to: &output)
            output.append(0x0A)
            return true
        }
        // Smart encoding might make it GSM-7 (a note to compute), or a part boundary may fall
        // inside a cluster: the full analysis decides.
        guard hopeless else { return false }
        let single = units <= SMSEncoding.ucs2.singleCapacity
        let parts = single ? 1 : ucsParts
        let left = single ? SMSEncoding.ucs2.singleCapacity - units : ucsCapacity - ucsUsed
        appendSummary(.ucs2, units: units, parts: parts, left: left, to: &output)
        output.append(contentsOf: "; UCS-2 forced by ".utf8)
        for (number, cluster) in forcing.enumerated() {
            if number > 0 { output.append(contentsOf: ", ".utf8) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: line[cluster.start..<cluster.end]))
            output.append(contentsOf: " (".utf8)
            var first = true
            var position = cluster.start
            while position < cluster.end {
                let scalar = decode(line, &position)
                let weight = scalar < 0x100 ? Int(table[Int(scalar)]) : septetsAbove255(scalar)
                guard weight == 0 else { continue }
                if !first { output.append(0x20) }
                first = false
                appendCodePoint(scalar, to: &output)
            }
            output.append(0x29)
        }
        output.append(0x0A)
        return true
    }

    /// `GSM-7, 2 segments, 161 septets (145 left in the last)`, as ``SMSCount/summary``.
    private static func appendSummary(
        _ encoding: SMSEncoding,
        units: Int,
        parts: Int,
        left: Int,
        to output: inout [UInt8]
    ) {
        output.append(contentsOf: encoding.rawValue.utf8)
        output.append(contentsOf: ", ".utf8)
        appendNumber(parts, to: &output)
        output.append(contentsOf: (parts == 1 ? " segment, " : " segments, ").utf8)
        appendNumber(units, to: &output)
        output.append(0x20)
        output.append(contentsOf: encoding.unitName.utf8)
        output.append(contentsOf: " (".utf8)
        appendNumber(left, to: &output)
        output.append(contentsOf: " left in the last)".utf8)
    }

    private static func appendNumber(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &output) }
        output.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// `U+201C`, as ``SMSSegmentCounter/nonGSMScalars(of:)`` writes it.
    private static func appendCodePoint(_ value: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: "U+".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(hex[Int(rest & 0xF)])
            rest >>= 4
        } while rest > 0
        while digits.count < 4 { digits.append(0x30) }
        output.append(contentsOf: digits.reversed())
    }

    @inline(__always)
    private static func septetsAbove255(_ value: UInt32) -> Int {
        GSM7Alphabet.septets(for: Unicode.Scalar(value) ?? "\u{FFFD}")
    }

    /// The scalar at `index`, without moving.
    @inline(__always)
    private static func peek(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        var position = index
        return decode(bytes, &position)
    }

    /// The next scalar of valid UTF-8 at `index`, moving past it.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            index += 1
            return lead
        }
        if lead < 0xE0 {
            defer { index += 2 }
            return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        }
        if lead < 0xF0 {
            defer { index += 3 }
            return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
        defer { index += 4 }
        return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F)
    }

    /// True when a grapheme cluster certainly starts at `scalar` after `previous` (UAX #29): the
    /// scalar is one that never extends or joins what precedes it, and `previous` is not one that
    /// joins what follows it. Conservative: false means "not known here".
    @inline(__always)
    static func startsCluster(after previous: UInt32, _ scalar: UInt32) -> Bool {
        // GB9b: a Prepend character joins what follows (Arabic, Brahmic scripts): not known here.
        if previous >= 0x0600 && ((0x0600...0x0DFF).contains(previous) || (0x11000...0x11FFF).contains(previous)) {
            return false
        }
        if scalar >= 0x20 && scalar <= 0x7E { return true }
        switch scalar {
        case 0x0A, 0x0D:  // GB4/5 break before controls; CR LF may be split, as the counter packs it
            return true
        case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x3FF, 0x400...0x482, 0x2010...0x2027, 0x2030...0x205E,
            0x20A0...0x20BF, 0x3001...0x3029, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF5E:
            return true
        case 0xAC00...0xD7A3:  // Hangul syllables: joined only after a leading jamo (GB6)
            return !(0x1100...0x115F).contains(previous) && !(0xA960...0xA97C).contains(previous)
        case 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x2600...0x27BF:
            // An emoji joins a preceding ZWJ (GB11).
            return previous != 0x200D
        case 0x1F1E6...0x1F1FF:  // a regional indicator pairs with one before it (GB12/13)
            return !(0x1F1E6...0x1F1FF).contains(previous)
        default:
            return false
        }
    }

    /// The bounds of the grapheme cluster holding the scalar at `position`, found by breaking
    /// the text from `start` (a certain cluster start) with Swift's `Character`; nil when that
    /// would take more than a short window.
    private static func cluster(
        in bytes: UnsafeBufferPointer<UInt8>,
        around position: Int,
        from start: Int
    ) -> (start: Int, end: Int)? {
        guard position - start <= 256 else { return nil }
        let windowEnd = min(bytes.count, position + 96)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<windowEnd]), as: UTF8.self)
        var offset = start
        for character in text {
            let next = offset + character.utf8.count
            if next > position {
                // The last character of a window cut short may continue past it.
                guard next < windowEnd || windowEnd == bytes.count else { return nil }
                return (offset, next)
            }
            offset = next
        }
        return nil
    }

    /// The UTF-16 units of the scalars from `start` to `end`.
    private static func utf16Units(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var units = 0
        var index = start
        while index < end { units += decode(bytes, &index) >= 0x10000 ? 2 : 1 }
        return units
    }

    private static func same(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ a: (start: Int, end: Int),
        _ b: (start: Int, end: Int)
    ) -> Bool {
        guard a.end - a.start == b.end - b.start else { return false }
        for offset in 0..<(a.end - a.start) where bytes[a.start + offset] != bytes[b.start + offset] { return false }
        return true
    }
}
