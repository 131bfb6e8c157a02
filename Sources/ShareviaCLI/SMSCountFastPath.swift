/// Reads `sharevia sms count --lines [--json] [--smart-encoding]` without swift-argument-parser,
/// whose reflection over the command tree costs more than counting a megabyte of messages.
///
/// It takes exactly `sms count` followed by `--lines` and optionally `--json` and
/// `--smart-encoding`, in any order, each once. For any other command line it returns nil and
/// ArgumentParser parses it as before, so help and every error message stay ArgumentParser's.
/// `SMSCountFastPathTests` checks that both readers agree.
enum SMSCountFastPath {
    /// The flags it reads after `sms count`.
    static let flags = ["--lines", "--json", "--smart-encoding"]

    /// The invocation `arguments` (without the program name) describe; nil when ArgumentParser
    /// should read them instead.
    static func parse(_ arguments: [String]) -> SMSCountInvocation? {
        guard arguments.count >= 3, arguments[0] == "sms", arguments[1] == "count" else { return nil }
        // A switch, not a Set: the first use of a Set<String> looks up its Hashable conformance
        // by scanning the binary's conformance records, which costs more than the parse.
        var invocation = SMSCountInvocation()
        for argument in arguments[2...] {
            switch argument {
            case "--lines" where !invocation.lines: invocation.lines = true
            case "--json" where !invocation.json: invocation.json = true
            case "--smart-encoding" where !invocation.smartEncoding: invocation.smartEncoding = true
            default: return nil  // a repeated flag or another argument
            }
        }
        return invocation.lines ? invocation : nil
    }
}
