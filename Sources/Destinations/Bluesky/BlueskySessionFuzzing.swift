import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The session answer reader on arbitrary bytes, for the `bluesky-session` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum BlueskySessionFuzzing {
    /// Reads `bytes` as createSession's (and refreshSession's) answer: nil when a session was read
    /// (its DID, handle and tokens as the lexicon and an `Authorization` header allow), else the
    /// refusal as `field: message`.
    public static func session(_ bytes: [UInt8]) -> String? {
        do throws(BlueskyRecordError) {
            let answer = try BlueskySessionAnswer.read(bytes, call: "createSession")
            precondition(ATProtoSyntax.isDID(answer.did), "a DID read must be valid")
            precondition(ATProtoSyntax.isHandle(answer.handle), "a handle read must be valid")
            for token in [answer.accessToken, answer.refreshToken] {
                let value = token.revealed().utf8
                precondition(
                    !value.isEmpty && value.count <= BlueskySessionAnswer.maximumTokenBytes
                        && value.allSatisfy { $0 > 0x20 && $0 < 0x7F },
                    "a token read must be header-safe"
                )
            }
            return nil
        } catch {
            // A refused token is never quoted in its own refusal.
            if ["accessJwt", "refreshJwt"].contains(error.field), let value = tokenText(error.field, in: bytes),
                value.utf8.count >= 8
            {
                precondition(!error.description.contains(value), "a refusal quoted the token it refused")
            }
            return error.description
        }
    }

    /// The string value of `field` in a JSON object, if the bytes are one and it is a string.
    private static func tokenText(_ field: String, in bytes: [UInt8]) -> String? {
        struct Tokens: Decodable {
            var accessJwt: String?
            var refreshJwt: String?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                accessJwt = try? container.decode(String.self, forKey: .accessJwt)
                refreshJwt = try? container.decode(String.self, forKey: .refreshJwt)
            }
            enum CodingKeys: String, CodingKey { case accessJwt, refreshJwt }
        }
        guard let tokens = try? JSONDecoder().decode(Tokens.self, from: Data(bytes)) else { return nil }
        return field == "accessJwt" ? tokens.accessJwt : tokens.refreshJwt
    }
}
