import Testing

@testable import Destinations

/// sharevia's format checks and the tests' own lexicon validator, both against the protocol's
/// interop syntax vectors (copied into Fixtures/atproto/syntax).
@Suite struct ATProtoSyntaxTests {
    static let formats: [(vectors: String, format: String, check: @Sendable (String) -> Bool)] = [
        ("tid", "tid", { BlueskyTID($0) != nil }),
        ("did", "did", ATProtoSyntax.isDID),
        ("handle", "handle", ATProtoSyntax.isHandle),
        ("language", "language", ATProtoSyntax.isLanguage),
        ("datetime", "datetime", ATProtoSyntax.isDatetime),
        ("recordkey", "record-key", ATProtoSyntax.isRecordKey),
        ("nsid", "nsid", ATProtoSyntax.isNSID),
    ]

    @Test(arguments: 0..<formats.count)
    func acceptsEveryValidVector(_ index: Int) throws {
        let (vectors, _, check) = Self.formats[index]
        let valid = try SyntaxVectors.lines("\(vectors)_syntax_valid")
        #expect(valid.count >= 5)
        for line in valid { #expect(check(line), "\(vectors): refused the valid \"\(line)\"") }
    }

    @Test(arguments: 0..<formats.count)
    func refusesEveryInvalidVector(_ index: Int) throws {
        let (vectors, _, check) = Self.formats[index]
        let invalid = try SyntaxVectors.lines("\(vectors)_syntax_invalid")
        #expect(invalid.count >= 3)
        for line in invalid { #expect(!check(line), "\(vectors): accepted the invalid \"\(line)\"") }
    }

    /// A createdAt must be a real time, not only the right shape.
    @Test func refusesDatetimesThatDoNotParse() throws {
        for line in try SyntaxVectors.lines("datetime_parse_invalid") {
            #expect(!ATProtoSyntax.isDatetime(line), "accepted \"\(line)\"")
        }
    }

    /// The validator that checks the records must itself agree with the vectors, or it proves nothing.
    @Test(arguments: 0..<formats.count)
    func theTestValidatorAgreesWithTheVectors(_ index: Int) throws {
        let (vectors, format, _) = Self.formats[index]
        for line in try SyntaxVectors.lines("\(vectors)_syntax_valid") {
            #expect(LexiconValidator.matches(format: format, line), "\(format): refused \"\(line)\"")
        }
        for line in try SyntaxVectors.lines("\(vectors)_syntax_invalid") {
            #expect(!LexiconValidator.matches(format: format, line), "\(format): accepted \"\(line)\"")
        }
    }
}
