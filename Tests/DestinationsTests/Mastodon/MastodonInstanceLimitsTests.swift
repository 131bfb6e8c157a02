import Foundation
import Testing

@testable import Destinations

@Suite struct MastodonInstanceLimitsTests {
    static let statuses = ["configuration", "statuses"]
    static let media = ["configuration", "media_attachments"]
    /// The fields the reader uses, with the schema types the OpenAPI description gives them.
    static let fieldsRead: [(path: [String], types: [String])] = [
        (statuses + ["max_characters"], ["integer"]),
        (statuses + ["characters_reserved_per_url"], ["integer"]),
        (statuses + ["max_media_attachments"], ["integer"]),
        (media + ["description_limit"], ["integer", "null"]),
        (media + ["image_size_limit"], ["integer"]),
        (media + ["supported_mime_types"], ["array"]),
        (["version"], ["string"]),
    ]

    static func read(_ object: [String: Any]) throws -> MastodonInstanceLimits {
        try MastodonInstanceLimits.read(object.json)
    }

    static func refusal(_ bytes: [UInt8]) -> MastodonAnswerError? {
        do {
            _ = try MastodonInstanceLimits.read(bytes)
            return nil
        } catch { return error }
    }

    static func refusal(_ object: [String: Any]) -> MastodonAnswerError? { refusal(object.json) }

    /// The schema's example with a real version and media types.
    static func documented() throws -> [String: Any] {
        var answer = try OpenAPISchema().example(of: "Instance") as! [String: Any]
        answer.set(["version"], "4.3.2")
        answer.set(media + ["supported_mime_types"], ["image/png", "Image/JPEG", "video/mp4"])
        return answer
    }

    @Test func theFieldsReadAreTheOpenAPIDescriptionsWithItsTypes() throws {
        let schema = try OpenAPISchema()
        for field in Self.fieldsRead {
            let property = try #require(schema.property("Instance", field.path), "\(field.path) not in the schema")
            #expect(OpenAPISchema.types(property) == field.types, "\(field.path)")
        }
        let items = try #require(schema.property("Instance", Self.media + ["supported_mime_types"])?["items"])
        #expect(OpenAPISchema.types(items as! [String: Any]) == ["string"])
    }

    @Test func anAnswerBuiltFromTheSchemaReadsEveryFieldFromItsPlace() throws {
        let answer = try Self.documented()
        let limits = try Self.read(answer)
        #expect(limits.maximumCharacters == answer.value(Self.statuses + ["max_characters"]) as? Int)
        #expect(limits.charactersPerURL == answer.value(Self.statuses + ["characters_reserved_per_url"]) as? Int)
        #expect(limits.maximumMedia == answer.value(Self.statuses + ["max_media_attachments"]) as? Int)
        #expect(limits.altTextLimit == answer.value(Self.media + ["description_limit"]) as? Int)
        #expect(limits.imageSizeLimit == answer.value(Self.media + ["image_size_limit"]) as? Int)
        // Distinct numbers, so a field read from the wrong place shows.
        let numbers = [limits.maximumCharacters, limits.charactersPerURL, limits.maximumMedia, limits.altTextLimit]
        #expect(Set(numbers + [limits.imageSizeLimit!]).count == 5)
        #expect(limits.supportedMediaTypes == ["image/png", "image/jpeg", "video/mp4"])
        #expect(limits.accepts(mediaType: "image/PNG") && !limits.accepts(mediaType: "image/webp"))
        #expect(limits.version == MastodonVersion(major: 4, minor: 3))
        #expect(limits.postingScopes == ["write:statuses", "write:media", "profile"])
    }

    @Test func missingAndNullFieldsTakeMastodonsDefaults() throws {
        for answer in [#"{}"#, #"{"configuration":{}}"#, #"{"configuration":{"statuses":{},"media_attachments":{}}}"#] {
            let limits = try MastodonInstanceLimits.read(Array(answer.utf8))
            #expect(limits == MastodonInstanceLimits())
            #expect(limits.maximumCharacters == 500 && limits.charactersPerURL == 23)
            #expect(limits.maximumMedia == 4 && limits.altTextLimit == 1500)
            #expect(limits.imageSizeLimit == nil && limits.supportedMediaTypes == nil && limits.version == nil)
            #expect(limits.accepts(mediaType: "image/png"))
        }
        var answer = try Self.documented()
        answer.set(Self.media + ["description_limit"], NSNull())
        answer.set(Self.statuses + ["max_characters"], NSNull())
        let limits = try Self.read(answer)
        #expect(limits.altTextLimit == 1500 && limits.maximumCharacters == 500)
    }

    @Test(arguments: [
        ("4.3.0", true), ("4.3.0-beta.2", true), ("4.10.1", true), ("5.0.0", true), ("4.2.10+glitch", false),
        ("4.2.13", false), ("3.5.3 (compatible; Pleroma 2.5.0)", false), ("", false), ("v4.3", false),
        ("4", false), ("9999999.3", false), ("4.3", true),
    ])
    func theVersionTellsWhetherTheProfileScopeExists(version: String, profile: Bool) throws {
        var answer = try Self.documented()
        answer.set(["version"], version)
        let limits = try Self.read(answer)
        #expect(limits.hasProfileScope == profile)
        #expect(limits.accountScope == (profile ? "profile" : "read:accounts"))
    }

    @Test(arguments: [
        (["configuration", "statuses", "max_characters"], #""500""#, "is not an integer"),
        (["configuration", "statuses", "max_characters"], "1.5", "is not a whole number in range"),
        (["configuration", "statuses", "max_characters"], "99999999999999999999", "is not a whole number in range"),
        (["configuration", "statuses", "max_characters"], "0", "is 0, not a positive number"),
        (["configuration", "statuses", "characters_reserved_per_url"], "-1", "is -1, below 0"),
        (["configuration", "statuses", "max_media_attachments"], "[4]", "is not an integer"),
        (["configuration", "media_attachments", "description_limit"], "true", "is not an integer"),
        (["configuration", "media_attachments", "image_size_limit"], "-5", "is -5, not a positive number"),
        (["configuration", "media_attachments", "supported_mime_types"], #""image/png""#, "is not an array"),
        (["configuration", "statuses"], #""limits""#, "is not an object"),
        (["configuration"], "[1]", "is not an object"),
        (["version"], "4.3", "is not a string"),
    ])
    func aWrongTypeIsRefusedNamingTheField(path: [String], json: String, message: String) throws {
        var answer = try Self.documented()
        answer.set(path, try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed))
        let error = try #require(Self.refusal(answer))
        #expect(error.code == .invalidAnswer)
        #expect(error.field == path.joined(separator: "."))
        #expect(error.message.hasPrefix(message), "\(error)")
    }

    @Test(arguments: ["1e400", "-1e400", "9223372036854775808", "1.0000001"])
    func aNumberNoIntHoldsIsRefusedNamingTheField(number: String) throws {
        let text = #"{"configuration":{"media_attachments":{"image_size_limit":"# + number + "}}}"
        let error = try #require(Self.refusal(Array(text.utf8)))
        #expect(error.description == "configuration.media_attachments.image_size_limit: is not a whole number in range")
    }

    @Test func aBadMediaTypeIsRefusedNamingItsIndex() throws {
        for bad in [
            "png", "image/", "/png", "image/p ng", "image/\u{7F}", String(repeating: "a", count: 250) + "/abcdef",
        ] {
            var answer = try Self.documented()
            answer.set(Self.media + ["supported_mime_types"], ["image/png", bad])
            let error = try #require(Self.refusal(answer), "\(bad)")
            #expect(error.field == "configuration.media_attachments.supported_mime_types[1]")
        }
        var answer = try Self.documented()
        answer.set(Self.media + ["supported_mime_types"], ["image/png", 7])
        #expect(Self.refusal(answer)?.field == "configuration.media_attachments.supported_mime_types[1]")
        answer.set(Self.media + ["supported_mime_types"], Array(repeating: "image/png", count: 513))
        #expect(Self.refusal(answer)?.message == "lists 513 media types, over the 512 read")
        answer.set(Self.media + ["supported_mime_types"], Array(repeating: "image/png", count: 512))
        #expect(try Self.read(answer).supportedMediaTypes?.count == 512)
    }

    @Test func theAnswerIsCappedBeforeItIsParsed() throws {
        var answer = try Self.documented()
        answer["description"] = String(repeating: "x", count: MastodonInstanceLimits.maximumAnswerBytes)
        let error = try #require(Self.refusal(answer))
        #expect(error.code == .answerTooLarge && error.field == "$")
        // Under the cap by padding, it reads; one byte over, it is refused even as valid JSON.
        let padded =
            Array(#"{"description":""#.utf8) + Array(repeating: UInt8(ascii: "y"), count: 524_200) + Array(#""}"#.utf8)
        #expect(throws: Never.self) { try MastodonInstanceLimits.read(padded) }
        let over = Array(repeating: UInt8(ascii: " "), count: 524_289 - 2) + Array("{}".utf8)
        #expect(Self.refusal(over)?.code == .answerTooLarge)
        var version = try Self.documented()
        version.set(["version"], String(repeating: "4", count: 256))
        #expect(Self.refusal(version)?.field == "version")
    }

    @Test(arguments: ["", "[]", "null", "\"4.3\"", "{", "{\"configuration\":", "\u{FEFF}{}x", "{}{}"])
    func notAJSONObjectIsRefusedAsTheWholeAnswer(text: String) {
        let error = Self.refusal(Array(text.utf8))
        #expect(error?.code == .invalidAnswer)
        #expect(error?.field == "$", "\(String(describing: error))")
    }
}
