#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a Mastodon server allows a post, read once from `GET /api/v2/instance`: the text's
/// length and what a URL counts, how many media and how large, the alt text's length, and
/// whether the `profile` scope exists.
///
/// A field the answer leaves out (or sets to null) takes Mastodon's default; a field of the
/// wrong type or out of range refuses the answer with a ``MastodonAnswerError`` naming it. The
/// answer is capped at ``maximumAnswerBytes`` before it is parsed.
package struct MastodonInstanceLimits: Sendable, Hashable {
    /// The largest answer read: 512 KiB (real ones, with rules and languages, are a few KiB).
    package static let maximumAnswerBytes = 524_288
    /// The most media types read from `supported_mime_types`: 512.
    package static let maximumMediaTypes = 512
    /// The longest media type or version string read: 255 bytes.
    package static let maximumStringBytes = 255

    /// Mastodon's default `max_characters`: 500.
    package static let defaultMaximumCharacters = 500
    /// Mastodon's default `characters_reserved_per_url`: 23.
    package static let defaultCharactersPerURL = 23
    /// Mastodon's default `max_media_attachments`: 4.
    package static let defaultMaximumMedia = 4
    /// Mastodon's default `description_limit`: 1500 characters of alt text.
    package static let defaultAltTextLimit = 1500

    /// The most characters a status may have (`configuration.statuses.max_characters`).
    package var maximumCharacters: Int
    /// What each URL in a status counts, whatever its length
    /// (`configuration.statuses.characters_reserved_per_url`).
    package var charactersPerURL: Int
    /// The most media attachments on a status (`configuration.statuses.max_media_attachments`).
    package var maximumMedia: Int
    /// The longest alt text, in characters (`configuration.media_attachments.description_limit`).
    package var altTextLimit: Int
    /// The largest image upload in bytes (`configuration.media_attachments.image_size_limit`),
    /// or nil when the server doesn't say.
    package var imageSizeLimit: Int?
    /// The media types the server accepts (`configuration.media_attachments.supported_mime_types`),
    /// or nil when the server doesn't say.
    package var supportedMediaTypes: [String]?
    /// The server's version (`version`), or nil when it is missing or has no `MAJOR.MINOR`.
    package var version: MastodonVersion?

    /// A server's limits; the defaults are Mastodon's.
    package init(
        maximumCharacters: Int = defaultMaximumCharacters,
        charactersPerURL: Int = defaultCharactersPerURL,
        maximumMedia: Int = defaultMaximumMedia,
        altTextLimit: Int = defaultAltTextLimit,
        imageSizeLimit: Int? = nil,
        supportedMediaTypes: [String]? = nil,
        version: MastodonVersion? = nil
    ) {
        self.maximumCharacters = maximumCharacters
        self.charactersPerURL = charactersPerURL
        self.maximumMedia = maximumMedia
        self.altTextLimit = altTextLimit
        self.imageSizeLimit = imageSizeLimit
        self.supportedMediaTypes = supportedMediaTypes
        self.version = version
    }

    /// Whether the server has the `profile` scope (Mastodon 4.3 and later). When the version is
    /// unknown it is assumed not to, since `read:accounts` works everywhere.
    package var hasProfileScope: Bool {
        guard let version else { return false }
        return version >= MastodonVersion.profileScope
    }

    /// The scope that lets `verify_credentials` say which account signed in: `profile`, or
    /// `read:accounts` before 4.3.
    package var accountScope: String { hasProfileScope ? "profile" : "read:accounts" }

    /// The scopes an app registers to post: `write:statuses write:media` and ``accountScope``.
    package var postingScopes: [String] { ["write:statuses", "write:media", accountScope] }

    /// Whether the server says it accepts `mediaType` (true when it lists none).
    package func accepts(mediaType: String) -> Bool {
        supportedMediaTypes.map { $0.contains(mediaType.lowercased()) } ?? true
    }

    /// Reads `GET /api/v2/instance`'s answer.
    ///
    /// - Throws: ``MastodonAnswerError``: `answer-too-large`, or `invalid-answer` naming the field.
    package static func read(_ body: [UInt8]) throws(MastodonAnswerError) -> MastodonInstanceLimits {
        guard body.count <= maximumAnswerBytes else {
            throw MastodonAnswerError(
                .answerTooLarge,
                field: "$",
                "the instance answer is \(body.count) bytes, over the \(maximumAnswerBytes) read"
            )
        }
        let answer: InstanceAnswer
        do {
            answer = try JSONDecoder().decode(InstanceAnswer.self, from: Data(body))
        } catch let DecodingError.typeMismatch(type, context) {
            throw invalid(path(context.codingPath), "is not \(expected(type))")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw invalid(path(context.codingPath), "is not a whole number in range")
        } catch let DecodingError.valueNotFound(type, context) {
            throw invalid(path(context.codingPath), "is null, not \(expected(type))")
        } catch {
            throw invalid("$", "the instance answer is not a JSON object")
        }
        var limits = MastodonInstanceLimits()
        let statuses = answer.configuration?.statuses
        let media = answer.configuration?.mediaAttachments
        let statusesPath = "configuration.statuses."
        let mediaPath = "configuration.media_attachments."
        if let value = statuses?.maximumCharacters?.value {
            limits.maximumCharacters = try positive(value, statusesPath + "max_characters")
        }
        if let value = statuses?.charactersPerURL?.value {
            guard value >= 0 else {
                throw invalid(statusesPath + "characters_reserved_per_url", "is \(value), below 0")
            }
            limits.charactersPerURL = value
        }
        if let value = statuses?.maximumMedia?.value {
            limits.maximumMedia = try positive(value, statusesPath + "max_media_attachments")
        }
        if let value = media?.descriptionLimit?.value {
            limits.altTextLimit = try positive(value, mediaPath + "description_limit")
        }
        if let value = media?.imageSizeLimit?.value {
            limits.imageSizeLimit = try positive(value, mediaPath + "image_size_limit")
        }
        if let types = media?.supportedMediaTypes {
            limits.supportedMediaTypes = try mediaTypes(types, mediaPath + "supported_mime_types")
        }
        if let version = answer.version {
            guard version.utf8.count <= maximumStringBytes else {
                throw invalid("version", "is \(version.utf8.count) bytes, over the \(maximumStringBytes) read")
            }
            limits.version = MastodonVersion(version)
        }
        return limits
    }

    // MARK: Decoding

    // Each coding key is the API's field name, so that a decoding error's path names it.
    private struct InstanceAnswer: Decodable {
        var version: String?
        var configuration: Configuration?
        struct Configuration: Decodable {
            var statuses: Statuses?
            var mediaAttachments: MediaAttachments?
            enum CodingKeys: String, CodingKey {
                case statuses
                case mediaAttachments = "media_attachments"
            }
        }
        struct Statuses: Decodable {
            var maximumCharacters: WholeNumber?
            var maximumMedia: WholeNumber?
            var charactersPerURL: WholeNumber?
            enum CodingKeys: String, CodingKey {
                case maximumCharacters = "max_characters"
                case maximumMedia = "max_media_attachments"
                case charactersPerURL = "characters_reserved_per_url"
            }
        }
        struct MediaAttachments: Decodable {
            var descriptionLimit: WholeNumber?
            var imageSizeLimit: WholeNumber?
            var supportedMediaTypes: [String]?
            enum CodingKeys: String, CodingKey {
                case descriptionLimit = "description_limit"
                case imageSizeLimit = "image_size_limit"
                case supportedMediaTypes = "supported_mime_types"
            }
        }
    }

    /// An integer field. A number that is not a whole number within `Int` is refused with its
    /// path (Foundation's decoder reports it without one, as if the JSON were broken).
    private struct WholeNumber: Decodable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                value = try container.decode(Int.self)
            } catch let error as DecodingError {
                guard case .dataCorrupted = error else { throw error }
                let context = DecodingError.Context(codingPath: container.codingPath, debugDescription: "not whole")
                throw DecodingError.dataCorrupted(context)
            } catch {
                let context = DecodingError.Context(codingPath: container.codingPath, debugDescription: "not whole")
                throw DecodingError.dataCorrupted(context)
            }
        }
    }

    private static func positive(_ value: Int, _ field: String) throws(MastodonAnswerError) -> Int {
        guard value > 0 else { throw invalid(field, "is \(value), not a positive number") }
        return value
    }

    private static func mediaTypes(_ types: [String], _ field: String) throws(MastodonAnswerError) -> [String] {
        guard types.count <= maximumMediaTypes else {
            throw invalid(field, "lists \(types.count) media types, over the \(maximumMediaTypes) read")
        }
        var read: [String] = []
        for (index, type) in types.enumerated() {
            let bytes = Array(type.utf8)
            let slash = bytes.firstIndex(of: 0x2F)
            guard bytes.count <= maximumStringBytes, let slash, slash > 0, slash < bytes.count - 1,
                bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else {
                throw invalid("\(field)[\(index)]", "is not a media type like \"image/png\"")
            }
            read.append(type.lowercased())
        }
        return read
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "$" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func invalid(_ field: String, _ message: String) -> MastodonAnswerError {
        MastodonAnswerError(.invalidAnswer, field: field, message)
    }
}
