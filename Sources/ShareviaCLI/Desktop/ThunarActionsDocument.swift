/// What sharevia reads in Thunar's custom actions file (`~/.config/Thunar/uca.xml`): whether it
/// is well-formed XML, and where each `<action>` of its `<actions>` root starts and ends.
///
/// The reader checks the file the way an XML parser would before sharevia changes one byte of it:
/// 1. At most ``byteLimit`` bytes of UTF-8 (a byte-order mark is allowed), with no character XML
///    forbids (control characters other than tab, line feed and carriage return).
/// 2. An optional `<?xml …?>` declaration, then comments, processing instructions and white space
///    around exactly one root element, `<actions>`. A `<!DOCTYPE>` is refused: Thunar never writes
///    one, and entities it could declare would change what the text means.
/// 3. Every element closes in order, attributes are quoted and not repeated, `&` starts one of
///    XML's five entities or a character reference to a character XML allows, comments hold no
///    `--`, CDATA sections end, and nothing but white space, comments and processing instructions
///    follows the root. Elements nest at most ``depthLimit`` deep.
///
/// Nothing is rewritten: sharevia's changes are insertions and removals of whole `<action>`
/// elements at the byte offsets found here, so the user's own bytes stay as they were.
struct ThunarActionsDocument: Equatable {
    /// One `<action>` child of the root.
    struct Action: Equatable {
        /// Its bytes, from `<action` to the end of `</action>` (or of `<action/>`).
        var range: Range<Int>
        /// The text of its `<unique-id>` child, references decoded; nil without one.
        var uniqueID: String?
    }

    /// The largest file read: 1 MiB. Thunar's file holds a few kilobytes per hundred actions.
    static let byteLimit = 1 << 20
    /// The deepest nesting of elements read (Thunar's file nests three deep).
    static let depthLimit = 64

    /// The root's `<action>` children, in order.
    var actions: [Action]
    /// Where the root's end tag `</actions>` starts.
    var rootEnd: Int

    /// Reads `bytes` as a uca.xml.
    ///
    /// - Throws: ``ThunarActionsError`` with the line of the first problem and what it is.
    static func read(_ bytes: [UInt8]) throws(ThunarActionsError) -> ThunarActionsDocument {
        guard bytes.count <= byteLimit else {
            throw ThunarActionsError(
                line: 0,
                problem: "it is larger than \(byteLimit >> 20) MiB (sharevia's limit for uca.xml)"
            )
        }
        var scanner = ThunarXMLScanner(bytes: bytes)
        return try scanner.document()
    }
}

/// Why a uca.xml can't be read: the line (1-based; 0 for the whole file) and the rule broken.
struct ThunarActionsError: Error, Equatable {
    var line: Int
    var problem: String

    /// `line 3: an end tag </name> closes <action>`, or the problem alone for the whole file.
    var description: String { line > 0 ? "line \(line): \(problem)" : problem }
}

/// The byte scanner behind ``ThunarActionsDocument/read(_:)``.
private struct ThunarXMLScanner {
    let bytes: [UInt8]
    var position = 0
    var actions: [ThunarActionsDocument.Action] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(ThunarActionsError) -> ThunarActionsDocument {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ThunarActionsError(line: 0, problem: "it is not UTF-8 text")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if starts(with: "<?xml") && isSpaceOrEnd(at: position + 5, end: "?") {
            try processingInstruction()
        }
        try misc(allowingDoctype: true)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
            throw fail("there is no root element <actions>")
        }
        let rootStart = position
        let (name, selfClosing) = try startTag()
        guard name == "actions" else { throw fail("the root element is <\(name)>, not <actions>", at: rootStart) }
        guard !selfClosing else { throw fail("the root <actions/> is empty and closed; write <actions></actions>") }
        let rootEnd = try content(of: name, depth: 1)
        try misc(allowingDoctype: false)
        guard position == bytes.count else { throw fail("there is more after the root element </actions>") }
        return ThunarActionsDocument(actions: actions, rootEnd: rootEnd)
    }

    // MARK: Structure

    /// Reads the content of the open element `name` up to and including its end tag; returns where
    /// the end tag starts. At depth 1 (the root's children) it records `<action>` elements.
    mutating func content(of name: String, depth: Int) throws(ThunarActionsError) -> Int {
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else { throw fail("<\(name)> is never closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    let end = position
                    position += 2
                    let closing = try self.name()
                    skipSpace()
                    try expect(">", "the end tag </\(closing)> is not closed with >")
                    guard closing == name else { throw fail("the end tag </\(closing)> closes <\(name)>", at: end) }
                    if depth == 3, name == "unique-id" { lastText = text }
                    return end
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    text += try cdata()
                } else if starts(with: "<?") {
                    try processingInstruction()
                } else if starts(with: "<!") {
                    throw fail("a declaration <!…> inside an element")
                } else {
                    try element(depth: depth + 1)
                }
            } else if byte == UInt8(ascii: "&") {
                text += try reference()
            } else {
                if starts(with: "]]>") { throw fail("]]> outside a CDATA section") }
                try character()
                text.append(byte)
                position += 1
            }
        }
    }

    /// The text of the last `<unique-id>` closed, for the action that holds it.
    var lastText: [UInt8]?

    /// Reads one element (at `depth`) from its `<`.
    mutating func element(depth: Int) throws(ThunarActionsError) {
        guard depth <= ThunarActionsDocument.depthLimit else {
            throw fail("elements nest more than \(ThunarActionsDocument.depthLimit) deep")
        }
        let start = position
        let (name, selfClosing) = try startTag()
        if depth == 2 && name == "action" { lastText = nil }
        if !selfClosing { _ = try content(of: name, depth: depth) }
        if depth == 2 && name == "action" {
            let id = lastText.map { String(decoding: $0, as: UTF8.self) }
            actions.append(.init(range: start..<position, uniqueID: id))
            lastText = nil
        }
    }

    /// Reads `<name attributes… >` or `/>`; returns the name and whether it closed itself.
    mutating func startTag() throws(ThunarActionsError) -> (String, Bool) {
        position += 1
        let name = try self.name()
        var seen: Set<String> = []
        while true {
            let spaced = skipSpace()
            guard position < bytes.count else { throw fail("the tag <\(name)> is not closed") }
            if starts(with: "/>") {
                position += 2
                return (name, true)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return (name, false)
            }
            guard spaced else { throw fail("the tag <\(name)> needs a space before its attribute") }
            let attribute = try self.name()
            guard seen.insert(attribute).inserted else { throw fail("<\(name)> has the attribute \(attribute) twice") }
            skipSpace()
            try expect("=", "the attribute \(attribute) of <\(name)> has no =")
            skipSpace()
            try attributeValue()
        }
    }

    mutating func attributeValue() throws(ThunarActionsError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else { throw fail("an attribute's value is not in quotes") }
        let quote = bytes[position]
        position += 1
        while true {
            guard position < bytes.count else { throw fail("an attribute's value is never closed") }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return
            }
            if byte == UInt8(ascii: "<") { throw fail("an attribute's value holds <; write &lt;") }
            if byte == UInt8(ascii: "&") {
                _ = try reference()
            } else {
                try character()
                position += 1
            }
        }
    }

    /// Comments, processing instructions and white space outside the root.
    mutating func misc(allowingDoctype: Bool) throws(ThunarActionsError) {
        while true {
            skipSpace()
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                throw fail("a <!DOCTYPE> declaration, which sharevia does not read (Thunar never writes one)")
            } else {
                return
            }
        }
    }

    // MARK: Pieces

    mutating func comment() throws(ThunarActionsError) {
        let start = position
        position += 4
        while position < bytes.count {
            if starts(with: "--") {
                guard starts(with: "-->") else { throw fail("a comment holds --, which XML forbids") }
                position += 3
                return
            }
            try character()
            position += 1
        }
        throw fail("a comment <!-- is never closed with -->", at: start)
    }

    mutating func cdata() throws(ThunarActionsError) -> [UInt8] {
        let start = position
        position += 9
        let from = position
        while position < bytes.count {
            if starts(with: "]]>") {
                let text = Array(bytes[from..<position])
                position += 3
                return text
            }
            try character()
            position += 1
        }
        throw fail("a CDATA section <![CDATA[ is never closed with ]]>", at: start)
    }

    mutating func processingInstruction() throws(ThunarActionsError) {
        let start = position
        position += 2
        let target = try name()
        if target.lowercased() == "xml" && start != (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) {
            throw fail("an <?xml …?> declaration that is not at the start of the file", at: start)
        }
        while position < bytes.count {
            if starts(with: "?>") {
                position += 2
                return
            }
            try character()
            position += 1
        }
        throw fail("a processing instruction <?\(target) is never closed with ?>", at: start)
    }

    /// `&amp;`, `&#38;`, `&#x26;`: the bytes it stands for.
    mutating func reference() throws(ThunarActionsError) -> [UInt8] {
        let start = position
        position += 1
        var body: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), body.count < 12 {
            body.append(bytes[position])
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw fail("& starts no entity; write &amp; for an ampersand", at: start)
        }
        position += 1
        let word = String(decoding: body, as: UTF8.self)
        switch word {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        var value: UInt32?
        if word.hasPrefix("#x"), word.count > 2, word.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit }) {
            value = UInt32(word.dropFirst(2), radix: 16)
        } else if word.hasPrefix("#"), word.count > 1, word.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            value = UInt32(word.dropFirst(), radix: 10)
        } else {
            throw fail("&\(word); is not one of XML's entities (&amp; &lt; &gt; &quot; &apos;)", at: start)
        }
        guard let value, Self.isAllowed(value), let scalar = Unicode.Scalar(value) else {
            throw fail("&\(word); is not a character XML allows", at: start)
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// A name: letters, digits and `_ : - .`, not starting with a digit, `-` or `.`.
    mutating func name() throws(ThunarActionsError) -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isStart =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte >= 0x80
            let isLater =
                (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isStart || (position > start && isLater) else { break }
            position += 1
        }
        guard position > start else { throw fail("a tag or attribute has no name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Refuses the byte at `position` when it is a control character XML forbids.
    func character() throws(ThunarActionsError) {
        let byte = bytes[position]
        if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            throw fail("the control character \(byte) (XML allows only tab, line feed and carriage return)")
        }
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters either.
        if byte == 0xEF, position + 2 < bytes.count, bytes[position + 1] == 0xBF, bytes[position + 2] >= 0xBE {
            throw fail("the character U+FFFE or U+FFFF, which XML forbids")
        }
    }

    static func isAllowed(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    // MARK: Helpers

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        return true
    }

    func isSpaceOrEnd(at index: Int, end: Character) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || Character(Unicode.Scalar(byte)) == end
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
        {
            position += 1
        }
        return position > start
    }

    mutating func expect(_ byte: Unicode.Scalar, _ problem: String) throws(ThunarActionsError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: byte) else { throw fail(problem) }
        position += 1
    }

    /// The error for `problem` on the line of `offset` (default: the current position).
    func fail(_ problem: String, at offset: Int? = nil) -> ThunarActionsError {
        let end = min(offset ?? position, bytes.count)
        let line = 1 + bytes[0..<end].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return ThunarActionsError(line: line, problem: problem)
    }
}
