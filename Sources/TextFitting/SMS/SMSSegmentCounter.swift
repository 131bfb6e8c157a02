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
/// Every count is ``SMSScanner``'s one pass over the text's UTF-8. No Foundation.
public enum SMSSegmentCounter {
    /// The encoding, units and parts of `text`.
    public static func count(_ text: String) -> SMSCount {
        var text = text
        guard let count = text.withUTF8({ SMSScanner.count($0) }) else { preconditionFailure("a String is UTF-8") }
        return count
    }

    /// The text of each part, in order, packed as ``count(_:)`` packs it; joined they are `text`.
    public static func parts(_ text: String) -> [Substring] {
        var copy = text
        var starts: [Int] = []
        guard let count = copy.withUTF8({ SMSScanner.count($0, partStarts: &starts) }), count.segments > 1 else {
            return [text[...]]
        }
        // The parts' starts are unit offsets at scalar boundaries: found again by adding up the
        // scalars' units.
        var result: [Substring] = []
        var start = text.startIndex
        var units = 0
        var next = 0
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex && next < starts.count {
            if units == starts[next] {
                result.append(text[start..<index])
                start = index
                next += 1
                continue
            }
            let scalar = scalars[index]
            units += count.encoding == .gsm7 ? GSM7Alphabet.septets(for: scalar) : UTF16.width(scalar)
            scalars.formIndex(after: &index)
        }
        result.append(text[start...])
        return result
    }

    /// The distinct characters (grapheme clusters) of `text` that GSM-7 can't carry, in order
    /// of first appearance, at most `limit` of them: what forced UCS-2.
    public static func nonGSMCharacters(in text: String, limit: Int = 20) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            SMSScanner.scan(bytes, smartCount: false, limit: limit) { _, forcing, _ in strings(forcing, in: bytes) }
        } ?? []
    }

    /// The clusters `forcing` notes in `bytes`, as strings.
    static func strings(_ forcing: SMSForcingClusters, in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        (0..<forcing.count).map { number in
            let (start, end) = forcing[number]
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// `U+201C` or `U+0065 U+0301`: the scalars of `character` that are not in GSM-7, for reports.
    public static func nonGSMScalars(of character: String) -> String {
        var character = character
        return character.withUTF8 { bytes in
            GSM7Alphabet.latin1Septets.withUnsafeBufferPointer { septets in
                SMSSummaryWriter.string { writer in
                    guard let base = bytes.baseAddress else { return }
                    writer.nonGSMScalars(base, from: 0, to: bytes.count, septets: septets)
                }
            }
        }
    }
}
