/// Counts SMS parts exactly as carriers bill them (and as Twilio's message segment calculator
/// computes them).
///
/// 1. The encoding is GSM-7 when every Unicode scalar is in the GSM 03.38 alphabet
///    (``GSM7Alphabet``), else UCS-2.
/// 2. A message of at most 160 septets (GSM-7) or 70 UTF-16 code units (UCS-2) is one part.
/// 3. A longer one is packed greedily into parts of 153 septets or 67 code units, never splitting
///    an escape pair (an extension character), a surrogate pair or a grapheme cluster: a unit
///    that does not fit in the current part starts the next. CR LF counts as two characters that
///    may be split. A grapheme cluster longer than a whole part (a long run of combining marks)
///    is split between its scalars, as it could not be sent otherwise.
///
/// GSM-7 is counted in one pass over the scalars; UCS-2 longer than one part takes a second pass
/// over grapheme clusters. No Foundation.
public enum SMSSegmentCounter {
    /// The encoding, units and parts of `text`.
    public static func count(_ text: String) -> SMSCount {
        var septets = 0
        var parts = 1
        var used = 0
        let table = GSM7Alphabet.latin1Septets
        for scalar in text.unicodeScalars {
            let weight = scalar.value < 0x100 ? Int(table[Int(scalar.value)]) : GSM7Alphabet.septets(for: scalar)
            if weight == 0 { return countUCS2(text) }
            septets += weight
            if used + weight > SMSEncoding.gsm7.partCapacity {
                parts += 1
                used = weight
            } else {
                used += weight
            }
        }
        return finished(.gsm7, units: septets, parts: parts, usedInLast: used)
    }

    /// The text of each part, in order, packed as ``count(_:)`` packs it; joined they are `text`.
    public static func parts(_ text: String) -> [Substring] {
        let encoding: SMSEncoding = GSM7Alphabet.canEncode(text) ? .gsm7 : .ucs2
        var atoms: [(end: String.Index, units: Int)] = []
        if encoding == .gsm7 {
            var index = text.unicodeScalars.startIndex
            while index < text.unicodeScalars.endIndex {
                let weight = GSM7Alphabet.septets(for: text.unicodeScalars[index])
                index = text.unicodeScalars.index(after: index)
                atoms.append((index, weight))
            }
        } else {
            forEachUCS2Atom(in: text) { end, units in atoms.append((end, units)) }
        }
        let total = atoms.reduce(0) { $0 + $1.units }
        guard total > encoding.singleCapacity else { return [text[...]] }
        var result: [Substring] = []
        var start = text.startIndex
        var previousEnd = text.startIndex
        var used = 0
        for atom in atoms {
            if used + atom.units > encoding.partCapacity {
                result.append(text[start..<previousEnd])
                start = previousEnd
                used = 0
            }
            used += atom.units
            previousEnd = atom.end
        }
        result.append(text[start..<text.endIndex])
        return result
    }

    /// The distinct characters (grapheme clusters) of `text` that GSM-7 can't carry, in order
    /// of first appearance, at most `limit` of them: what forced UCS-2.
    public static func nonGSMCharacters(in text: String, limit: Int = 20) -> [String] {
        var found: [String] = []
        guard text.unicodeScalars.contains(where: { GSM7Alphabet.septets(for: $0) == 0 }) else { return found }
        for character in text where character.unicodeScalars.contains(where: { GSM7Alphabet.septets(for: $0) == 0 }) {
            // Distinct by scalars: String's == compares canonical equivalence, which costs more.
            let string = String(character)
            if !found.contains(where: { $0.utf8.elementsEqual(string.utf8) }) {
                found.append(string)
                if found.count >= limit { break }
            }
        }
        return found
    }

    /// `U+201C` or `U+0065 U+0301`: the scalars of `character` that are not in GSM-7, for reports.
    public static func nonGSMScalars(of character: String) -> String {
        character.unicodeScalars.filter { GSM7Alphabet.septets(for: $0) == 0 }.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    private static func countUCS2(_ text: String) -> SMSCount {
        let units = text.utf16.count
        guard units > SMSEncoding.ucs2.singleCapacity else {
            return finished(.ucs2, units: units, parts: 1, usedInLast: units)
        }
        var parts = 1
        var used = 0
        let capacity = SMSEncoding.ucs2.partCapacity
        forEachUCS2Atom(in: text) { _, atom in
            if used + atom > capacity {
                parts += 1
                used = atom
            } else {
                used += atom
            }
        }
        return finished(.ucs2, units: units, parts: parts, usedInLast: used)
    }

    /// Calls `body` with the end and the UTF-16 size of each unit UCS-2 packing never splits: a
    /// grapheme cluster (CR LF as two), or a scalar of a cluster longer than a part.
    @inline(__always)
    private static func forEachUCS2Atom(in text: String, _ body: (String.Index, Int) -> Void) {
        let capacity = SMSEncoding.ucs2.partCapacity
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let units = text.utf16.distance(from: index, to: next)
            // CR LF is the only two-unit cluster that starts with CR; comparing scalars avoids a
            // String comparison per cluster.
            let crlf = units == 2 && text.unicodeScalars[index] == "\r"
            if units == 1 || (units == 2 && !crlf) || (units > 2 && units <= capacity) {
                body(next, units)
            } else {
                // CR LF, or a cluster no part can hold: its scalars one by one.
                var scalar = index
                let scalars = text.unicodeScalars
                while scalar < next {
                    let width = scalars[scalar].utf16.count
                    scalar = scalars.index(after: scalar)
                    body(scalar, width)
                }
            }
            index = next
        }
    }

    private static func finished(_ encoding: SMSEncoding, units: Int, parts: Int, usedInLast: Int) -> SMSCount {
        if units <= encoding.singleCapacity {
            return SMSCount(
                encoding: encoding,
                units: units,
                segments: 1,
                unitsLeftInLastSegment: encoding.singleCapacity - units
            )
        }
        return SMSCount(
            encoding: encoding,
            units: units,
            segments: parts,
            unitsLeftInLastSegment: encoding.partCapacity - usedInLast
        )
    }
}
