#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The error message a server put in its answer's JSON body: Mastodon's `{"error": "..."}`,
/// an XRPC server's `{"error": "InvalidRequest", "message": "..."}`, OAuth's
/// `error_description`. Control characters are dropped and it is cut at ``maximumLength``.
package enum ServerMessage {
    /// The longest message quoted, in characters.
    package static let maximumLength = 300

    private struct Body: Decodable {
        var error: String?
        var message: String?
        var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case error, message
            case errorDescription = "error_description"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            error = try? container.decode(String.self, forKey: .error)
            message = try? container.decode(String.self, forKey: .message)
            errorDescription = try? container.decode(String.self, forKey: .errorDescription)
        }
    }

    /// The message in `body`, or nil when it is not a JSON object with one.
    package static func from(_ body: [UInt8]) -> String? {
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == 0x7B,
            let decoded = try? JSONDecoder().decode(Body.self, from: Data(body))
        else { return nil }
        let parts = [decoded.error, decoded.message ?? decoded.errorDescription].compactMap { text in
            text.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard !parts.isEmpty else { return nil }
        // XRPC: `InvalidRequest: Record/text must not be longer than 300 graphemes`.
        let text = parts.count == 2 && parts[0] != parts[1] ? "\(parts[0]): \(parts[1])" : parts[0]
        return text.count > maximumLength ? String(text.prefix(maximumLength - 1)) + "…" : text
    }

    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
            .trimmingSpaces
    }
}
