/// RFC 2047 encoded-words (`=?utf-8?B?...?=`) for non-ASCII header text, and RFC 5322 folding
/// of a header into lines of at most 78 characters.
///
/// Text is cut into words of at most ``maximumBytes`` UTF-8 bytes, each a run of whole
/// characters (never half a UTF-8 sequence, as RFC 2047 section 5 requires), so every
/// encoded-word is at most 68 characters and fits a line after any header name used here.
enum EncodedWord {
    /// The most UTF-8 bytes one encoded-word carries: 42 bytes are 56 base64 characters, plus
    /// the 12 of `=?utf-8?B?` and `?=`.
    static let maximumBytes = 42
    /// The longest plain word kept as it is in unstructured text; a longer one could not be folded.
    static let longestPlainWord = 66
    /// The longest display name written as a quoted string; longer ones become encoded-words.
    static let longestQuotedPhrase = 60

    /// One encoded-word per run of whole characters.
    static func encode(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        func flush() {
            if !chunk.isEmpty { words.append("=?utf-8?B?" + Base64Lines.encode(chunk) + "?=") }
            chunk.removeAll(keepingCapacity: true)
        }
        for character in text {
            let bytes = Array(character.utf8)
            if bytes.count <= maximumBytes {
                if chunk.count + bytes.count > maximumBytes { flush() }
                chunk += bytes
                continue
            }
            // A cluster longer than a word (a long run of combining marks): split by scalar.
            for scalar in character.unicodeScalars {
                let scalarBytes = Array(String(scalar).utf8)
                if chunk.count + scalarBytes.count > maximumBytes { flush() }
                chunk += scalarBytes
            }
        }
        flush()
        return words
    }

    /// The tokens of an unstructured value (Subject): its words as they are when it is plain
    /// ASCII that can be folded, else encoded-words.
    static func unstructured(_ text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let plain =
            text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
            && !text.contains("=?") && words.allSatisfy { $0.utf8.count <= longestPlainWord }
            && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.contains("  ")
        if plain { return words.map(String.init) }
        return encode(text)
    }

    /// The tokens of a display name: atoms as they are, a short ASCII name with specials as a
    /// quoted string, anything else as encoded-words.
    static func phrase(_ name: String) -> [String] {
        let ascii = name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        let words = name.split(separator: " ")
        if ascii, !name.contains("=?"), words.allSatisfy({ $0.utf8.allSatisfy(MailAddress.isAtext) }),
            words.allSatisfy({ $0.utf8.count <= longestPlainWord }), !words.isEmpty
        {
            return words.map(String.init)
        }
        if ascii, !name.contains("=?"), name.utf8.count <= longestQuotedPhrase {
            var quoted = "\""
            for character in name {
                if character == "\"" || character == "\\" { quoted.append("\\") }
                quoted.append(character)
            }
            return [quoted + "\""]
        }
        // ASCII atoms stay as they are; each run of other words becomes encoded-words with its
        // spaces inside them, since white space between two encoded-words is not text.
        var tokens: [String] = []
        var run: [Substring] = []
        func flush() {
            if !run.isEmpty { tokens += encode(run.joined(separator: " ")) }
            run.removeAll()
        }
        for word in words {
            let atom =
                word.utf8.allSatisfy(MailAddress.isAtext) && !word.contains("=?") && word.utf8.count <= longestPlainWord
            if atom {
                flush()
                tokens.append(String(word))
            } else {
                run.append(word)
            }
        }
        flush()
        return tokens
    }

    /// The tokens of an address: the display name's tokens and `<addr-spec>`, or the addr-spec.
    static func address(_ address: MailAddress) -> [String] {
        guard let name = address.displayName, !name.isEmpty else { return [address.addrSpec] }
        return phrase(name) + ["<\(address.addrSpec)>"]
    }

    /// `Name: token token` with CRLF, folded before a token whenever the line would pass 78
    /// characters. A token never contains a space, CR or LF.
    static func fold(_ name: String, _ tokens: [String]) -> String {
        var output = name + ":"
        var lineLength = output.utf8.count
        for token in tokens {
            let length = token.utf8.count
            if lineLength + 1 + length > 78 && lineLength > name.utf8.count + 1 {
                output += "\r\n"
                lineLength = 0
            }
            output += " " + token
            lineLength += 1 + length
        }
        return output + "\r\n"
    }

    /// `To: a, b` folded: each address's tokens, with a comma after every address but the last.
    static func foldAddresses(_ name: String, _ addresses: [MailAddress]) -> String {
        var tokens: [String] = []
        for (index, entry) in addresses.enumerated() {
            var parts = address(entry)
            if index < addresses.count - 1 { parts[parts.count - 1] += "," }
            tokens += parts
        }
        return fold(name, tokens)
    }
}
