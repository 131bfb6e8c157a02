import Foundation
import ProcessRunning
import Testing

/// Debian's Python with its own sqlite3 module: an independent reader and writer of the database
/// files the tests check.
enum PythonSQLite {
    static let python = "/usr/bin/python3"

    /// Runs `script` with `arguments` (sys.argv[1...]) and returns its standard output.
    static func run(
        _ script: String,
        _ arguments: [String] = [],
        timeout: Duration = .seconds(60)
    ) async throws
        -> String
    {
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "\(python) is missing: apt-get install python3"
        )
        let output = try await ProcessRunner().run(
            python,
            arguments: ["-c", script] + arguments,
            timeout: timeout
        )
        let text = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(output.succeeded, "python failed: \(output.errorText)")
        return text
    }

    /// The rows `sql` returns from the database at `path`, as JSON arrays of values.
    static func rows(_ path: String, _ sql: String) async throws -> [[JSONValue]] {
        let text = try await run(
            """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(json.dumps([list(r) for r in db.execute(sys.argv[2])]))
            """,
            [path, sql]
        )
        return try JSONDecoder().decode([[JSONValue]].self, from: Data(text.utf8))
    }
}

/// A JSON value, for comparing what Python read.
enum JSONValue: Decodable, Hashable {
    case null
    case number(Double)
    case text(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}
