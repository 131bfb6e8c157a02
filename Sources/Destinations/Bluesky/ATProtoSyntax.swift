/// The AT Protocol's string formats that a Bluesky post writes or reads back: DIDs, handles,
/// language tags, datetimes, record keys, NSIDs and CIDs.
///
/// Each check follows the protocol's syntax pages and is tested against its interop vectors
/// (`interop-test-files/syntax/*_syntax_{valid,invalid}.txt`). They look at ASCII only: every
/// format here is ASCII, so anything else is refused.
package enum ATProtoSyntax {
    /// The longest DID accepted: 2 KiB.
    package static let maximumDIDLength = 2048
    /// The longest handle: 253 characters.
    package static let maximumHandleLength = 253

    /// `did:method:identifier`: a lowercase method, then letters, digits and `._:%-`, not ending
    /// in `:` or `%`; at most 2 KiB.
    package static func isDID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumDIDLength, bytes.starts(with: Array("did:".utf8)) else { return false }
        var index = 4
        let methodStart = index
        while index < bytes.count, (0x61...0x7A).contains(bytes[index]) { index += 1 }
        guard index > methodStart, index < bytes.count, bytes[index] == 0x3A else { return false }
        index += 1
        guard index < bytes.count else { return false }
        for byte in bytes[index...] where !(isAlphanumeric(byte) || "._:%-".utf8.contains(byte)) { return false }
        return bytes.last != 0x3A && bytes.last != 0x25
    }

    /// A handle: two or more dot-separated labels of letters, digits and inner hyphens (1 to 63
    /// characters each), the last starting with a letter; at most 253 characters.
    package static func isHandle(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumHandleLength else { return false }
        let labels = bytes.split(separator: 0x2E, omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), let first = label.first, let last = label.last,
                isAlphanumeric(first), isAlphanumeric(last),
                label.allSatisfy({ isAlphanumeric($0) || $0 == 0x2D })
            else { return false }
        }
        return labels.last.flatMap(\.first).map(isLetter) ?? false
    }

    /// RFC 5646's grandfathered tags, lowercase: valid whole, whatever their shape.
    static let grandfatheredLanguages: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo",
        "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban", "cel-gaulish",
        "no-bok",
        "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]

    /// A BCP 47 language tag (RFC 5646's `Language-Tag`, any case): a language with up to three
    /// extended subtags, then an optional script, region, variants, extensions and private use;
    /// or a private-use tag (`x-...`), or a grandfathered one (`i-default`). At most 128 characters.
    package static func isLanguage(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 128, text.utf8.allSatisfy({ isAlphanumeric($0) || $0 == 0x2D }) else {
            return false
        }
        let lower = text.lowercased()
        if grandfatheredLanguages.contains(lower) { return true }
        let subtags = lower.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
        guard !subtags.contains(where: \.isEmpty) else { return false }
        func letters(_ subtag: [UInt8], _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(subtag.count) && subtag.allSatisfy(isLetter)
        }
        func alphanumerics(_ subtag: [UInt8], _ counts: ClosedRange<Int>) -> Bool {
            counts.contains(subtag.count) && subtag.allSatisfy(isAlphanumeric)
        }
        var index = 0
        /// `x-` and one or more subtags of 1 to 8.
        func privateUse() -> Bool {
            guard index < subtags.count, subtags[index] == [0x78] else { return false }
            index += 1
            let start = index
            while index < subtags.count, alphanumerics(subtags[index], 1...8) { index += 1 }
            return index > start && index == subtags.count
        }
        if subtags[0] == [0x78] { return privateUse() }
        guard letters(subtags[0], 2...8) else { return false }
        index = 1
        if subtags[0].count <= 3 {
            var extended = 0
            while extended < 3, index < subtags.count, letters(subtags[index], 3...3) {
                index += 1
                extended += 1
            }
        }
        if index < subtags.count, letters(subtags[index], 4...4) { index += 1 }
        if index < subtags.count,
            letters(subtags[index], 2...2) || (subtags[index].count == 3 && subtags[index].allSatisfy(isDigit))
        {
            index += 1
        }
        while index < subtags.count,
            alphanumerics(subtags[index], 5...8)
                || (subtags[index].count == 4 && isDigit(subtags[index][0])
                    && subtags[index].allSatisfy(isAlphanumeric))
        {
            index += 1
        }
        while index < subtags.count, subtags[index].count == 1, subtags[index] != [0x78],
            isAlphanumeric(subtags[index][0])
        {
            index += 1
            let start = index
            while index < subtags.count, alphanumerics(subtags[index], 2...8) { index += 1 }
            guard index > start else { return false }
        }
        if index == subtags.count { return true }
        return privateUse()
    }

    /// An RFC 3339 datetime as the protocol's `datetime` format reads it: `YYYY-MM-DDTHH:MM:SS`,
    /// optional fraction, then `Z` or `±HH:MM` (not `-00:00`), with the fields in range.
    package static func isDatetime(_ text: String) -> Bool {
        let b = Array(text.utf8)
        guard b.count >= 20, b.count <= 64 else { return false }
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for index in range {
                guard isDigit(b[index]) else { return nil }
                value = value * 10 + Int(b[index] - 0x30)
            }
            return value
        }
        guard let year = digits(0..<4), b[4] == 0x2D, let month = digits(5..<7), b[7] == 0x2D,
            let day = digits(8..<10), b[10] == 0x54, let hour = digits(11..<13), b[13] == 0x3A,
            let minute = digits(14..<16), b[16] == 0x3A, let second = digits(17..<19)
        else { return false }
        guard year >= 1, (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = 19
        if b[index] == 0x2E {
            index += 1
            let start = index
            while index < b.count, isDigit(b[index]) { index += 1 }
            guard index > start, index - start <= 20 else { return false }
        }
        let zone = Array(b[index...])
        if zone == [0x5A] { return true }
        guard zone.count == 6, zone[0] == 0x2B || zone[0] == 0x2D, zone[3] == 0x3A,
            let zoneHour = digits(index + 1..<index + 3), let zoneMinute = digits(index + 4..<index + 6),
            zoneHour <= 23, zoneMinute <= 59
        else { return false }
        return !(zone[0] == 0x2D && zoneHour == 0 && zoneMinute == 0)
    }

    /// A record key: 1 to 512 of letters, digits and `_~.:-`, but not `.` or `..`.
    package static func isRecordKey(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...512).contains(bytes.count), text != ".", text != ".." else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || "_~.:-".utf8.contains($0) }
    }

    /// An NSID such as `app.bsky.feed.post`: a reversed domain authority and a name of letters
    /// and digits, at least three segments.
    package static func isNSID(_ text: String) -> Bool {
        let segments = Array(text.utf8).split(separator: 0x2E, omittingEmptySubsequences: false)
        guard segments.count >= 3, text.utf8.count <= 317, let name = segments.last else { return false }
        for segment in segments.dropLast() {
            guard (1...63).contains(segment.count), let first = segment.first, let last = segment.last,
                isAlphanumeric(first), isAlphanumeric(last), segment.allSatisfy({ isAlphanumeric($0) || $0 == 0x2D })
            else { return false }
        }
        guard let first = segments.first?.first, isLetter(first) else { return false }
        return (1...63).contains(name.count) && isLetter(name.first!) && name.allSatisfy(isAlphanumeric)
    }

    /// A CID as records carry it: 8 to 256 letters, digits, `+` and `=` (the protocol checks the
    /// syntax loosely; the server checks the content).
    package static func isCID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (8...256).contains(bytes.count) && bytes.allSatisfy { isAlphanumeric($0) || $0 == 0x2B || $0 == 0x3D }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isDigit(byte) || isLetter(byte) }
}
