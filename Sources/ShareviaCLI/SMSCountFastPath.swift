/// Reads `sharevia sms count --lines [--json] [--smart-encoding]` without swift-argument-parser,
/// whose reflection over the command tree costs more than counting a megabyte of messages.
///
/// It takes exactly `sms count` followed by `--lines` and optionally `--json` and
/// `--smart-encoding`, in any order, each once. For any other command line it returns nil and
/// ArgumentParser parses it as before, so help and every error message stay ArgumentParser's.
/// `SMSCountFastPathTests` checks that both readers agree.
enum SMSCountFastPath {
    /// The flags it reads after `sms count`.
    static let flags: Set<String> = ["--lines", "--json", "--smart-encoding"]

    /// The invocation `arguments` (without the program name) describe; nil when ArgumentParser
    /// should read them instead.
    static func parse(_ arguments: [String]) -> SMSCountInvocation? {
        guard arguments.count >= 3, arguments[0] == "sms", arguments[1] == "count" else { return nil }
        let given = Set(arguments[2...])
        guard given.count == arguments.count - 2, given.isSubset(of: flags), given.contains("--lines") else {
            return nil  // a repeated flag, another argument, or no --lines
        }
        return SMSCountInvocation(
            json: given.contains("--json"),
            lines: true,
            smartEncoding: given.contains("--smart-encoding")
        )
    }
}
