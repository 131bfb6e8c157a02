import ArgumentParser
import ShareCore

/// The exit codes of `sharevia`, documented in `--help` and the README.
public enum ShareviaExitCode {
    /// The first destination delivered or handed off (or, with `--dry-run`, would).
    public static let delivered: Int32 = 0
    /// Something unexpected went wrong inside sharevia.
    public static let internalError: Int32 = 1
    /// Only a fallback delivered or handed off: the share is safe, but not where it was asked to go.
    public static let deliveredByFallback: Int32 = 3
    /// No destination delivered.
    public static let notDelivered: Int32 = 4
    /// `--pick` was cancelled: nothing was shared.
    public static let cancelled: Int32 = 5
    /// The command line was wrong: unknown option or destination, missing or unreadable file.
    public static let usage: Int32 = 64
    /// An input file is corrupt or can't be processed, or the output already exists.
    public static let inputError: Int32 = 65

    /// The exit code for a share's outcome.
    public static func code(for outcome: ShareReport.Outcome) -> Int32 {
        switch outcome {
        case .delivered, .handedOff: return delivered
        case .deliveredByFallback, .handedOffByFallback: return deliveredByFallback
        default: return notDelivered
        }
    }

    /// Every exit code with its meaning, in `--help`'s order and wrapping: the one source of
    /// `--help`'s EXIT CODES and the man page's EXIT STATUS.
    static let table: [(codes: String, lines: [String])] = [
        (
            "0",
            [
                "delivered or handed off by the first destination (with --dry-run: it would be);",
                "\"handed off\" means a person must still finish the post (open the URL, send the",
                "message): the report says what to do",
            ]
        ),
        ("3", ["delivered or handed off, but only by a fallback (the report says why the first failed)"]),
        ("4", ["not delivered by any destination in the chain"]),
        ("5", ["--pick was cancelled (Cancel, a closed window, end of input): nothing was shared"]),
        ("64", ["usage error: unknown option or destination, missing or unreadable file"]),
        ("65", ["an image that can't be processed, or an output that exists (image commands, config init)"]),
        (
            "130",
            [
                "interrupted by SIGINT (143: SIGTERM): the share was cancelled and its temporary",
                "files removed; the report says so (unless a destination had already taken it)",
            ]
        ),
        ("1", ["internal error"]),
    ]

    /// The text `--help` shows.
    static let helpText =
        "EXIT CODES\n"
        + table.map { entry in
            let code = entry.codes + String(repeating: " ", count: max(0, 4 - entry.codes.count))
            return "  " + code + entry.lines.joined(separator: "\n      ")
        }.joined(separator: "\n")
}

/// An error already printed to stderr; exits with its code.
struct CommandFailure: Error {
    var exitCode: Int32
    /// The message printed, for the JSON error object of `--json`; nil when the command already
    /// printed its own JSON.
    var message: String?

    init(exitCode: Int32, message: String? = nil) {
        self.exitCode = exitCode
        self.message = message
    }
}

/// Prints `error: message` to stderr and returns the failure to throw for a usage error.
func usageFailure(_ message: String) -> CommandFailure {
    StandardStreams.printError("error: \(message)")
    return CommandFailure(exitCode: ShareviaExitCode.usage, message: message)
}
