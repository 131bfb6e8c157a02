import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stored form of an ``OutboxRequest``: a JSON object with a `version`, the content without
/// its attachments' bytes (those are rows of `outbox_attachments`), the options, the flags and
/// the config file.
///
/// ```json
/// {"attachments":1,"configFile":null,"flags":{"mastodon-instance":["https://example.social"]},
///  "hashtags":["swift"],"kind":"generic","link":null,"requiresAltText":false,
///  "shareID":"1795693512123456-9f2c4e1a0b7d3c55","text":"Hello","threadsLongText":false,
///  "title":null,"version":1}
/// ```
extension OutboxRequest {
    /// The version of the stored form this sharevia writes and the highest it reads.
    package static let storedVersion = 1

    private struct Stored: Codable {
        var version: Int
        var shareID: String
        var threadsLongText: Bool
        var requiresAltText: Bool
        var kind: String
        var title: String?
        var text: String
        var link: String?
        var hashtags: [String]
        var flags: [String: [String]]
        var configFile: String?
        var attachments: Int
        /// Absent in requests stored before chains were kept: none.
        var fallbacks: [String]?
    }

    /// The request as stored: JSON, with keys sorted. Attachments are counted, not included.
    package func encoded() -> [UInt8] {
        let stored = Stored(
            version: Self.storedVersion,
            shareID: options.id.description,
            threadsLongText: options.threadsLongText,
            requiresAltText: options.requiresAltText,
            kind: content.kind.rawValue,
            title: content.title,
            text: content.text,
            link: content.link,
            hashtags: content.hashtags,
            flags: flags,
            configFile: configFile,
            attachments: content.attachments.count,
            fallbacks: fallbacks.isEmpty ? nil : fallbacks.map(\.rawValue)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and Bools only: encoding can't fail.
        return (try? Array(encoder.encode(stored))) ?? []
    }

    /// Reads a stored request back, with its attachments (read from `outbox_attachments`).
    ///
    /// The input's size is checked before it is parsed (at most ``OutboxLimits/requestBytes``),
    /// then every field against its cap in ``OutboxLimits``, and no flag may hold credentials.
    /// - Parameters:
    ///   - bytes: The stored JSON.
    ///   - attachments: The item's attachments, in order; as many as the request counted.
    /// - Throws: ``OutboxRequestError`` naming the field and the rule.
    package init(decoding bytes: [UInt8], attachments: [ShareAttachment]) throws(OutboxRequestError) {
        guard bytes.count <= OutboxLimits.requestBytes else {
            throw OutboxRequestError(
                .overLimit,
                field: nil,
                "\(bytes.count) bytes, over the \(OutboxLimits.requestBytes) bytes a stored request may have"
            )
        }
        let stored: Stored
        do {
            stored = try JSONDecoder().decode(Stored.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw Self.malformed(error)
        } catch {
            throw OutboxRequestError(.malformed, field: nil, "not a stored request: \(error)")
        }
        guard stored.version >= 1, stored.version <= Self.storedVersion else {
            throw OutboxRequestError(
                .unsupportedVersion,
                field: "version",
                "version \(stored.version); this sharevia reads stored requests up to version \(Self.storedVersion): update sharevia or drop the item"
            )
        }
        guard let id = ShareID(stored.shareID) else {
            throw OutboxRequestError(
                .invalidValue,
                field: "shareID",
                "not a share id (decimal microseconds, '-', 16 lowercase hex digits)"
            )
        }
        guard stored.attachments == attachments.count else {
            throw OutboxRequestError(
                .invalidValue,
                field: "attachments",
                "the request counts \(stored.attachments) attachments and the item has \(attachments.count)"
            )
        }
        var content = ShareContent(
            title: stored.title,
            text: stored.text,
            link: stored.link,
            attachments: attachments,
            kind: ContentKind(stored.kind)
        )
        // As stored: the content's init would take a `#` off each again.
        content.hashtags = stored.hashtags
        self.init(
            content: content,
            options: ShareOptions(
                id: id,
                threadsLongText: stored.threadsLongText,
                requiresAltText: stored.requiresAltText
            ),
            flags: stored.flags,
            configFile: stored.configFile,
            fallbacks: (stored.fallbacks ?? []).map { DestinationID($0) }
        )
        try validate()
    }

    /// Checks every field against its cap in ``OutboxLimits``, and that no flag or path holds
    /// credentials: what the outbox stores and what it reads back pass the same rules.
    /// - Throws: ``OutboxRequestError`` naming the field and the rule.
    package func validate() throws(OutboxRequestError) {
        try Self.cap(content.text, OutboxLimits.textBytes, field: "text")
        try Self.cap(content.title, OutboxLimits.titleBytes, field: "title")
        try Self.cap(content.link, OutboxLimits.linkBytes, field: "link")
        try Self.cap(content.kind.rawValue, OutboxLimits.kindBytes, field: "kind")
        try Self.count(content.hashtags.count, OutboxLimits.hashtags, field: "hashtags")
        for (index, hashtag) in content.hashtags.enumerated() {
            try Self.cap(hashtag, OutboxLimits.hashtagBytes, field: "hashtags[\(index)]")
        }
        try Self.count(flags.count, OutboxLimits.flags, field: "flags")
        try Self.count(flags.values.reduce(0) { $0 + $1.count }, OutboxLimits.flagValues, field: "flags (values)")
        for (name, values) in flags.sorted(by: { $0.key < $1.key }) {
            try Self.cap(name, OutboxLimits.flagNameBytes, field: "flags (a name)")
            let safeName = name.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2d
            }
            guard let first = name.utf8.first, first >= 0x61, first <= 0x7a, safeName else {
                throw OutboxRequestError(
                    .invalidValue,
                    field: "flags",
                    "a flag's name starts with a-z and holds only a-z, 0-9 and '-' (a long option's name without its dashes)"
                )
            }
            guard !Self.namesSecret(name) else {
                throw OutboxRequestError(
                    .credentials,
                    field: "flags.\(name)",
                    "the outbox never keeps a password, token or secret; it reads them again from the keyring, the environment or the config file when it sends"
                )
            }
            for (index, value) in values.enumerated() {
                try Self.cap(value, OutboxLimits.flagValueBytes, field: "flags.\(name)[\(index)]")
                try Self.refuseCredentials(value, field: "flags.\(name)[\(index)]")
            }
        }
        try Self.count(fallbacks.count, OutboxLimits.fallbacks, field: "fallbacks")
        for (index, fallback) in fallbacks.enumerated() where !fallback.isWellFormed {
            throw OutboxRequestError(
                .invalidValue,
                field: "fallbacks[\(index)]",
                "'\(fallback)' is not a destination id (lowercase letters, digits and '-')"
            )
        }
        try Self.cap(configFile, OutboxLimits.configFileBytes, field: "configFile")
        if let configFile { try Self.refuseCredentials(configFile, field: "configFile") }
        try Self.count(content.attachments.count, OutboxLimits.attachments, field: "attachments")
        for (index, attachment) in content.attachments.enumerated() {
            try Self.cap(attachment.fileName, OutboxLimits.fileNameBytes, field: "attachments[\(index)].fileName")
            try Self.cap(attachment.mimeType, OutboxLimits.mediaTypeBytes, field: "attachments[\(index)].mediaType")
            try Self.cap(attachment.altText, OutboxLimits.altTextBytes, field: "attachments[\(index)].altText")
        }
    }

    /// True for a flag whose name says it holds a secret (`--smtp-password`, `--bluesky-token`).
    private static func namesSecret(_ name: String) -> Bool {
        ["password", "passwd", "token", "secret"].contains { name.contains($0) }
    }

    private static func refuseCredentials(_ value: String, field: String) throws(OutboxRequestError) {
        guard URLCredentials.hasCredentials(value) else { return }
        throw OutboxRequestError(
            .credentials,
            field: field,
            "holds a user and password inside a URL (\(URLCredentials.redacted(value))); the outbox never keeps one: put the password in the keyring or the config file"
        )
    }

    private static func cap(_ text: String?, _ bytes: Int, field: String) throws(OutboxRequestError) {
        guard let count = text?.utf8.count, count > bytes else { return }
        throw OutboxRequestError(.overLimit, field: field, "\(count) bytes, over the \(bytes) bytes the outbox keeps")
    }

    private static func count(_ count: Int, _ limit: Int, field: String) throws(OutboxRequestError) {
        guard count > limit else { return }
        throw OutboxRequestError(.overLimit, field: field, "\(count), over the \(limit) the outbox keeps")
    }

    /// The decoder's complaint, with the field it concerns.
    private static func malformed(_ error: DecodingError) -> OutboxRequestError {
        func path(_ context: DecodingError.Context) -> String? {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? nil : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = (path(context).map { $0 + "." } ?? "") + key.stringValue
            return OutboxRequestError(.malformed, field: field, "missing")
        case .typeMismatch(let type, let context):
            return OutboxRequestError(.malformed, field: path(context), "not a \(type) value")
        case .valueNotFound(let type, let context):
            return OutboxRequestError(.malformed, field: path(context), "null where a \(type) value belongs")
        case .dataCorrupted(let context):
            return OutboxRequestError(
                .malformed,
                field: path(context),
                "not the JSON object of a stored request (\(context.debugDescription))"
            )
        @unknown default:
            return OutboxRequestError(.malformed, field: nil, "not a stored request")
        }
    }
}
