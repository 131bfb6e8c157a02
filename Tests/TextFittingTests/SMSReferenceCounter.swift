@testable import TextFitting

/// The SMS count as the package computed it before ``SMSScanner`` (over `String`'s grapheme
/// clusters and scalars, one cluster at a time), kept as the tests' independent reference: the
/// scanner's table of cluster breaks, its eight-bytes-at-a-time GSM-7 pass and its part packing
/// must give exactly what this gives.
enum SMSReferenceCounter {
    /// The line `sharevia sms count` prints for `text`, with its line feed.
    static func line(_ text: String) -> String {
        let count = self.count(text)
        var notes = [
            "\(count.encoding.rawValue), \(count.segments) segment\(count.segments == 1 ? "" : "s"), "
                + "\(count.units) \(count.encoding.unitName) (\(count.unitsLeftInLastSegment) left in the last)"
        ]
        let forcing = nonGSMCharacters(in: text)
        if !forcing.isEmpty {
            let shown = forcing.map { "\($0) (\(nonGSMScalars(of: $0)))" }
            notes.append("UCS-2 forced by " + shown.joined(separator: ", "))
        }
        let hopeless = text.unicodeScalars.contains {
            GSM7Alphabet.septets(for: $0) == 0 && SMSSmartEncoding.replacement(for: $0) == nil
        }
        if count.encoding == .ucs2 && !hopeless {
            let smart = self.count(SMSSmartEncoding.replacingLookAlikes(in: text).text)
            if smart.segments <= count.segments {
                let saved = count.segments - smart.segments
                notes.append(
                    "smart encoding would make it GSM-7 in \(smart.segments) segment\(smart.segments == 1 ? "" : "s")"
                        + (saved > 0 ? " (\(saved) fewer)" : " (the same number of segments, more room left)")
                )
            }
        }
        return notes.joined(separator: "; ") + "\n"
    }

    /// The encoding, units and parts of `text`.
    static func count(_ text: String) -> SMSCount {
        var septets = 0
        var parts = 1
        var used = 0
        for scalar in text.unicodeScalars {
            let weight = GSM7Alphabet.septets(for: scalar)
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

    /// `U+0065 U+0301`: the scalars of `character` GSM-7 lacks.
    static func nonGSMScalars(of character: String) -> String {
        character.unicodeScalars.filter { GSM7Alphabet.septets(for: $0) == 0 }.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }

    /// The distinct characters of `text` GSM-7 can't carry, in order, at most 20.
    static func nonGSMCharacters(in text: String) -> [String] {
        var found: [String] = []
        for character in text where character.unicodeScalars.contains(where: { GSM7Alphabet.septets(for: $0) == 0 }) {
            let string = String(character)
            if !found.contains(where: { $0.utf8.elementsEqual(string.utf8) }) {
                found.append(string)
                if found.count >= 20 { break }
            }
        }
        return found
    }

    private static func countUCS2(_ text: String) -> SMSCount {
        let units = text.utf16.count
        guard units > SMSEncoding.ucs2.singleCapacity else {
            return finished(.ucs2, units: units, parts: 1, usedInLast: units)
        }
        var parts = 1
        var used = 0
        let capacity = SMSEncoding.ucs2.partCapacity
        func add(_ atom: Int) {
            if used + atom > capacity {
                parts += 1
                used = atom
            } else {
                used += atom
            }
        }
        for character in text {
            let size = character.utf16.count
            // CR LF is two characters that may be split; a cluster no part can hold is split
            // between its scalars.
            if character == "\r\n" || size > capacity {
                for scalar in character.unicodeScalars { add(UTF16.width(scalar)) }
            } else {
                add(size)
            }
        }
        return finished(.ucs2, units: units, parts: parts, usedInLast: used)
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
