import Foundation
import ProcessRunning

/// Debian's Python with its own sqlite3 module: an independent reader and writer of the database
/// files the tests check (the history database's, from the library's tests and the CLI's).
package enum PythonSQLite {
    package static let python = "/usr/bin/python3"

    /// Runs `script` with `arguments` (sys.argv[1...]) and returns its standard output.
    package static func run(
        _ script: String,
        _ arguments: [String] = [],
        timeout: Duration = .seconds(60)
    ) async throws
        -> String
    {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(message: "\(python) is missing: apt-get install python3")
        }
        let output = try await ProcessRunner().run(
            python,
            arguments: ["-c", script] + arguments,
            timeout: timeout
        )
        let text = String(decoding: output.standardOutput, as: UTF8.self)
        guard output.succeeded else {
            let how =
                output.timedOut
                ? "timed out after \(timeout)"
                : output.signal.map { "killed by signal \($0)" }
                    ?? "exit status \(output.exitStatus.map(String.init) ?? "none")"
            throw Failure(message: "python failed (\(how)): \(output.errorText)")
        }
        return text
    }

    /// Python was missing or failed; the message says how.
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// The rows `sql` returns from the database at `path`, as JSON arrays of values.
    package static func rows(_ path: String, _ sql: String) async throws -> [[JSONValue]] {
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
package enum JSONValue: Decodable, Hashable {
    case null
    case number(Double)
    case text(String)

    package init(from decoder: any Decoder) throws {
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
