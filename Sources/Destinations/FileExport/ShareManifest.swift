import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON manifest written next to an exported share.
struct ShareManifest: Codable, Sendable, Hashable {
    var sharevia = "1"
    var createdAt: String
    var kind: String
    var title: String?
    var text: String
    var link: String?
    var hashtags: [String]?
    /// The names requested for the files; the receipt lists the names actually written.
    var files: [String]

    init(content: ShareContent, files: [String], createdAt: Date) {
        self.createdAt = UTCTimestamp.iso8601(createdAt)
        kind = content.kind.rawValue
        title = content.title
        text = content.text
        link = content.link
        hashtags = content.hashtags.isEmpty ? nil : content.hashtags
        self.files = files
    }

    /// This manifest with `files` replaced by the names really written, as JSON.
    func listing(_ names: [String]) -> Data {
        var manifest = self
        manifest.files = names
        return Data(manifest.encodedString().utf8)
    }

    func encodedString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
