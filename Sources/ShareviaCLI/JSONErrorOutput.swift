/// The JSON error object a command prints on stdout when it was given `--json` and fails before
/// it could print its own JSON (a usage error), so a script always gets JSON:
///
/// ```json
/// {"error": {"code": "usage", "message": "unknown destination 'nope'. ..."}, "exitCode": 64}
/// ```
///
/// The message is also on stderr, as without `--json`.
package enum JSONErrorOutput {
    struct Output: Encodable {
        struct Body: Encodable {
            var code: String
            var message: String
        }
        var error: Body
        var exitCode: Int32
    }

    /// Whether `--json` is among the arguments (before a `--`).
    static func isRequested(in arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// The stable code for an exit code: `usage` (64), `input` (65), `unavailable` (4: what the
    /// command needed, such as the keyring, could not be reached), `internal` (anything else).
    package static func code(for exitCode: Int32) -> String {
        switch exitCode {
        case ShareviaExitCode.notDelivered: return "unavailable"
        case ShareviaExitCode.usage: return "usage"
        case ShareviaExitCode.inputError: return "input"
        default: return "internal"
        }
    }

    /// Writes the error object for `message` and `exitCode` to stdout.
    static func write(message: String, exitCode: Int32) {
        if let json = json(message: message, exitCode: exitCode) { StandardStreams.write(json) }
    }

    /// The error object for `message` and `exitCode`, with a final newline.
    static func json(message: String, exitCode: Int32) -> String? {
        let output = Output(error: .init(code: code(for: exitCode), message: message), exitCode: exitCode)
        return try? JSONText.encode(output)
    }
}
