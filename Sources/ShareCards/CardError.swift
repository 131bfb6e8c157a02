/// Why a card could not be read or rendered: a stable ``code`` and a message that says what
/// happened, where (the file and the JSON path), and what to do.
public struct CardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable short code for reports and tests.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String {
            case invalidJSON = "invalid-json"
            case invalidSpec = "invalid-spec"
            case missingGlyph = "missing-glyph"
            case libraryMissing = "library-missing"
            case renderFailed = "render-failed"
            case writeFailed = "write-failed"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }
        public var description: String { value.rawValue }

        /// The file is not JSON.
        public static let invalidJSON = Code(.invalidJSON)
        /// The JSON is not a valid card spec (see the message for the path and the rule).
        public static let invalidSpec = Code(.invalidSpec)
        /// A character no installed font has; drawing it would show a box.
        public static let missingGlyph = Code(.missingGlyph)
        /// Cairo, Pango or libqrencode can't be loaded.
        public static let libraryMissing = Code(.libraryMissing)
        /// Cairo could not make the image (out of memory).
        public static let renderFailed = Code(.renderFailed)
        /// The PNG could not be written where `-o` says (no such folder, no permission, disk full).
        public static let writeFailed = Code(.writeFailed)
    }

    /// What kind of problem it is.
    public var code: Code
    /// What happened and what to do, one line.
    public var message: String
    /// The JSON path of the offending value, such as `$.fields.days`, when there is one.
    public var path: String?
    /// True when the card schema (``CardSchema``) shows what to write: a spec of another version,
    /// or one without its fields. The command line points to `sharevia card schema`.
    public var schemaShowsTheFix: Bool

    /// An error with its code, message and, when a value is at fault, its JSON path.
    public init(_ code: Code, _ message: String, path: String? = nil, schemaShowsTheFix: Bool = false) {
        self.code = code
        self.message = message
        self.path = path
        self.schemaShowsTheFix = schemaShowsTheFix
    }

    public var description: String { message }

    /// The same error with `file: ` in front of its message.
    public func located(in file: String) -> CardError {
        var copy = self
        copy.message = "\(file): \(message)"
        return copy
    }
}
