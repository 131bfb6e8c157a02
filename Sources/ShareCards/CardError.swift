/// Why a card could not be read or rendered: a stable ``code`` and a message that says what
/// happened, where (the file and the JSON path), and what to do.
package struct CardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable short code for reports and tests.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, CaseIterable {
            case invalidJSON = "invalid-json"
            case invalidSpec = "invalid-spec"
            case missingGlyph = "missing-glyph"
            case libraryMissing = "library-missing"
            case renderFailed = "render-failed"
            case writeFailed = "write-failed"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }
        package var description: String { value.rawValue }
        /// Every code, so a test can check them all.
        package static var allCases: [Code] { Value.allCases.map(Code.init) }

        /// The file is not JSON.
        package static let invalidJSON = Code(.invalidJSON)
        /// The JSON is not a valid card spec (see the message for the path and the rule).
        package static let invalidSpec = Code(.invalidSpec)
        /// A character no installed font has; drawing it would show a box.
        package static let missingGlyph = Code(.missingGlyph)
        /// Cairo, Pango or libqrencode can't be loaded.
        package static let libraryMissing = Code(.libraryMissing)
        /// Cairo could not make the image (out of memory).
        package static let renderFailed = Code(.renderFailed)
        /// The PNG could not be written where `-o` says (no such folder, no permission, disk full).
        package static let writeFailed = Code(.writeFailed)
    }

    /// What kind of problem it is.
    package var code: Code
    /// What happened and what to do, one line.
    package var message: String
    /// The JSON path of the offending value, such as `$.fields.days`, when there is one.
    package var path: String?
    /// True when the card schema (``CardSchema``) shows what to write: a spec of another version,
    /// or one without its fields. The command line points to `sharevia card schema`.
    package var schemaShowsTheFix: Bool

    /// An error with its code, message and, when a value is at fault, its JSON path.
    package init(_ code: Code, _ message: String, path: String? = nil, schemaShowsTheFix: Bool = false) {
        self.code = code
        self.message = message
        self.path = path
        self.schemaShowsTheFix = schemaShowsTheFix
    }

    package var description: String { message }

    /// The same error with `file: ` in front of its message.
    package func located(in file: String) -> CardError {
        var copy = self
        copy.message = "\(file): \(message)"
        return copy
    }
}
