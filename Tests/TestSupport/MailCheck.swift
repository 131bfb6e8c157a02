import Foundation
import ProcessRunning

/// Reads messages the way a mail client does: Python's `email` package with
/// `policy=email.policy.default` (`Tests/TestSupport/mail-check.py`), in the test run.
package enum MailCheck {
    /// What the parser found in one message.
    package struct Report {
        /// The JSON object `mail-check.py` printed.
        package var json: [String: Any]

        /// Every defect of the message, its parts and their headers.
        package var defects: [String] { json["defects"] as? [String] ?? [] }
        /// The decoded subject.
        package var subject: String? { json["subject"] as? String }
        /// The `To:` addr-specs.
        package var to: [String] { json["to"] as? [String] ?? [] }
        /// The `To:` display names, decoded.
        package var toNames: [String] { json["to_names"] as? [String] ?? [] }
        /// The `Cc:` addr-specs.
        package var cc: [String] { json["cc"] as? [String] ?? [] }
        /// The `From:` addr-specs and display names.
        package var from: [String] { json["from_addresses"] as? [String] ?? [] }
        package var fromNames: [String] { json["from_names"] as? [String] ?? [] }
        /// `multipart/mixed(text/plain, image/png)`.
        package var structure: String? { json["structure"] as? String }
        /// `Message-ID:`.
        package var messageID: String? { json["message_id"] as? String }
        /// The leaf parts: `type`, `disposition`, `filename`, `content_id`, `text` or `sha256`.
        package var parts: [[String: Any]] { json["parts"] as? [[String: Any]] ?? [] }
        /// The decoded text of the first part of this type.
        package func text(_ type: String = "text/plain") -> String? {
            parts.first { $0["type"] as? String == type }?["text"] as? String
        }
        /// The parts that are files (have a SHA-256).
        package var files: [[String: Any]] { parts.filter { $0["sha256"] != nil } }
        /// Raw-form checks.
        package var hasBareCROrLF: Bool { json["bare_cr_or_lf"] as? Bool ?? true }
        package var longestLine: Int { json["longest_line"] as? Int ?? .max }
        package var longestHeaderLine: Int { json["longest_header_line"] as? Int ?? .max }
        package var isASCII: Bool { json["ascii"] as? Bool ?? false }
    }

    /// The parser's report on each file, in order.
    package static func reports(_ paths: [String]) async throws -> [Report] {
        let output = try await ProcessRunner().run(
            SMTPTestServer.python,
            arguments: ["\(PackageRoot.path)/Tests/TestSupport/mail-check.py"] + paths,
            timeout: .seconds(60)
        )
        guard output.exitStatus == 0 else {
            throw CheckFailure(description: String(decoding: output.standardError, as: UTF8.self))
        }
        return try String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return Report(json: object)
        }
    }

    /// The report on one file.
    package static func report(_ path: String) async throws -> Report {
        guard let first = try await reports([path]).first else {
            throw CheckFailure(description: "mail-check.py printed nothing for \(path)")
        }
        return first
    }

    /// The report on these bytes (written to a temporary file).
    package static func report(bytes: [UInt8]) async throws -> Report {
        let folder = TemporaryFolder("mail")
        defer { folder.remove() }
        return try await report(try folder.write(bytes, named: "message.eml"))
    }

    /// The SHA-256 of a file, as `sha256sum` prints it.
    package static func sha256(_ path: String) async throws -> String {
        let output = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["sha256sum", path],
            timeout: .seconds(10)
        )
        return String(String(decoding: output.standardOutput, as: UTF8.self).prefix(64))
    }

    /// mail-check.py failed.
    package struct CheckFailure: Error, CustomStringConvertible {
        package var description: String
    }
}
