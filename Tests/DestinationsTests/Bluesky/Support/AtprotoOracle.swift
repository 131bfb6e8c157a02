import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import Destinations

/// The atproto Python SDK (PyPI `atproto`, pinned in scripts/install-deps.sh) run as an oracle by
/// scripts/atproto-reference.py: one JSON query per line in, one answer per line out.
enum AtprotoOracle {
    struct Verdict: Decodable {
        var ok: Bool
        var error: [String]?
    }

    struct Detection: Decodable {
        /// `[byteStart, byteEnd, "link" | "tag", uri or tag]`.
        var facets: [[Value]]
        /// `[byteStart, byteEnd, handle]`.
        var mentions: [[Value]]
    }

    enum Value: Decodable, Hashable {
        case number(Int)
        case text(String)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    static var python: String { "\(PackageRoot.path)/.build-venv/bin/python" }

    /// Runs the queries (JSON objects) and returns the answer lines.
    static func ask(_ queries: [Data]) async throws -> [Data] {
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "\(python) is missing: run scripts/install-deps.sh test (it installs the atproto SDK in the venv)"
        )
        var input: [UInt8] = []
        for query in queries {
            input += query
            input.append(0x0A)
        }
        let output = try await ProcessRunner().run(
            ProcessInvocation(
                executable: python,
                arguments: ["\(PackageRoot.path)/scripts/atproto-reference.py"],
                standardInput: .bytes(input),
                timeout: .seconds(120)
            )
        )
        try #require(
            output.succeeded,
            "atproto-reference.py failed: \(String(decoding: output.standardError, as: UTF8.self))"
        )
        let lines = output.standardOutput.split(separator: 0x0A).map { Data($0) }
        try #require(lines.count == queries.count)
        return lines
    }

    /// The SDK's verdict on each record.
    static func verdicts(records: [Data]) async throws -> [Verdict] {
        let queries = records.map { Data(#"{"record":"#.utf8) + $0 + Data("}".utf8) }
        return try await ask(queries).map { try JSONDecoder().decode(Verdict.self, from: $0) }
    }

    /// The SDK's verdict on each createRecord body.
    static func verdicts(requests: [Data]) async throws -> [Verdict] {
        let queries = requests.map { Data(#"{"request":"#.utf8) + $0 + Data("}".utf8) }
        return try await ask(queries).map { try JSONDecoder().decode(Verdict.self, from: $0) }
    }

    /// What the SDK detects in each text.
    static func detections(_ texts: [String]) async throws -> [Detection] {
        let queries = try texts.map { try JSONEncoder().encode(["text": $0]) }
        return try await ask(queries).map { try JSONDecoder().decode(Detection.self, from: $0) }
    }
}

/// Records as sharevia sends them.
enum RecordJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
