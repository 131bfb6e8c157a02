#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The accounts file, `accounts.json` in the state folder: sharevia's accounts without their
/// tokens, as JSON.
///
/// ```json
/// {
///   "accounts" : [
///     { "id" : "109348", "name" : "alice@example.social", "network" : "mastodon",
///       "server" : "https://example.social", "token" : "keyring" }
///   ],
///   "version" : 1
/// }
/// ```
///
/// At most ``maximumBytes`` (64 KiB), checked while reading. A file that can't be read as one
/// (not JSON, another version, a bad or missing field, a duplicate account) is refused with
/// the code `accounts-file-damaged` and a message naming the field.
package enum AccountsFile {
    /// The file's name in the state folder.
    package static let name = "accounts.json"
    /// The format's version, written as `version`.
    package static let version = 1
    /// The most bytes the file may hold.
    package static let maximumBytes = 65536

    private struct Document: Codable {
        var version: Int
        var accounts: [Account]
    }

    /// The accounts in `bytes`, in the file's order.
    /// - Parameter path: The file's path, for messages.
    /// - Throws: ``AccountStoreError`` with code `damaged`.
    package static func parse(_ bytes: [UInt8], path: String) throws(AccountStoreError) -> [Account] {
        func damaged(_ problem: String) -> AccountStoreError {
            AccountStoreError(.damaged, "the accounts file \(path) is damaged: \(problem)")
        }
        guard bytes.count <= maximumBytes else { throw tooLarge(path: path) }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw damaged("it is not UTF-8 text") }
        guard let version = try? JSONDecoder().decode(VersionOnly.self, from: Data(bytes)) else {
            do {
                _ = try JSONDecoder().decode(AnyJSON.self, from: Data(bytes))
                throw damaged("it is not a JSON object with a whole-number \"version\"")
            } catch let error as AccountStoreError {
                throw error
            } catch {
                throw damaged("it is not JSON (\(Self.reason(error)))")
            }
        }
        guard version.version == Self.version else {
            throw damaged("its version is \(version.version); this sharevia reads version \(Self.version)")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw damaged(Self.reason(error))
        }
        var seen: Set<String> = []
        for (index, account) in document.accounts.enumerated() {
            do {
                _ = try account.validated()
            } catch {
                throw damaged("accounts[\(index)]: \(error.message)")
            }
            guard seen.insert("\(account.network.rawValue) \(account.name.lowercased())").inserted else {
                throw damaged("accounts[\(index)]: \(account.network.rawValue) \(account.name) is listed twice")
            }
        }
        return document.accounts
    }

    /// The file's bytes for `accounts`: pretty-printed, keys sorted, ending with a line break.
    package static func encode(_ accounts: [Account]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and enums can't fail.
        let data = (try? encoder.encode(Document(version: version, accounts: accounts))) ?? Data("{}".utf8)
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// The error for a file over ``maximumBytes``.
    static func tooLarge(path: String) -> AccountStoreError {
        AccountStoreError(
            .damaged,
            "the accounts file \(path) is damaged: it is larger than its limit of \(maximumBytes / 1024) KiB"
        )
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    /// A decoding error in words: the field's path and what is wrong with it.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "unreadable" }
        func field(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(field(context.codingPath)) has the wrong type: \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "it is not JSON (\(context.debugDescription))"
                : "\(field(context.codingPath)) is not valid: \(context.debugDescription)"
        @unknown default:
            return "unreadable"
        }
    }
}

/// Any JSON at all: decoding it only checks the syntax (the decoder reads the whole text before
/// it calls `init`), so a syntax error and a wrong shape get different messages without
/// `JSONSerialization`, which would link all of Foundation.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}
