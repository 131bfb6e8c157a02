import ArgumentParser
import Clipboard

/// Reads the everyday `sharevia [share] --to DEST [FILE...] [--option value]...` command line
/// without swift-argument-parser.
///
/// ArgumentParser finds a command's options by reflecting over its property wrappers, and on Linux
/// each type it meets costs the Swift runtime a scan of every protocol conformance in the binary:
/// about 13 million instructions (4 ms) a run, more than the rest of a clipboard copy together.
/// This reader knows ``ShareCommand``'s options by name and fills the same ``ShareInvocation``.
///
/// It takes only what it reads unambiguously: known long options and flags, each given at most
/// once (`--hashtag` and `--to` may repeat), values that don't start with `-` (but `--text -`), no `--`, no
/// short options and no subcommand names. For anything else, and for an invocation that fails
/// validation, it returns nil and ArgumentParser parses the command line as before, so help,
/// version, completions and every error message stay ArgumentParser's. `ShareCommandFastPathTests`
/// checks that both readers agree on every option.
enum ShareCommandFastPath {
    /// The long options that take a value.
    static let valueOptions = [
        "to", "text", "title", "url", "hashtag", "kind", "fallback", "chain",
        "unavailable", "out", "selection", "clipboard-backend", "mastodon-instance", "timeout", "retries", "config",
    ]

    /// The long options that are flags.
    static let flags = ["no-fallback", "dry-run", "json", "no-verify", "verbose"]

    /// Words ArgumentParser could read as a subcommand rather than a file.
    static let reservedWords = ["share", "destinations", "image", "text", "sms", "config", "card", "help"]

    /// The invocation `arguments` (without the program name) describe, validated; nil when
    /// ArgumentParser should read them instead.
    static func parse(_ arguments: [String]) -> ShareInvocation? {
        var reader = Reader()
        var remaining = arguments[...]
        if remaining.first == "share" { remaining = remaining.dropFirst() }
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                guard !argument.hasPrefix("-"), !reservedWords.contains(argument) else { return nil }
                reader.invocation.files.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard value == nil, reader.setFlag(name) else { return nil }
            } else if valueOptions.contains(name) {
                if value == nil { value = remaining.popFirst() }
                guard let value, isPlainValue(value), reader.set(name, to: value) else { return nil }
            } else {
                return nil
            }
        }
        guard let invocation = reader.finished() else { return nil }
        do {
            try invocation.routing.validate()
            try invocation.validate()
        } catch {
            return nil
        }
        return invocation
    }

    /// A value ArgumentParser reads as a value wherever it stands.
    private static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && (value == "-" || !value.hasPrefix("-"))
    }

    /// The invocation the command line describes so far, and which options it gave.
    private struct Reader {
        var invocation = ShareInvocation(destinations: "")
        /// Options and flags given so far; each may be given once (but `--hashtag` and `--to`).
        private var given: [String] = []

        /// Records a flag; false when it was already given.
        mutating func setFlag(_ name: String) -> Bool {
            guard first(name) else { return false }
            switch name {
            case "no-fallback": invocation.noFallback = true
            case "dry-run": invocation.dryRun = true
            case "json": invocation.json = true
            case "verbose": invocation.verbose = true
            case "no-verify": invocation.routing.noVerify = true
            default: return false
            }
            return true
        }

        /// Records an option's value; false when it was already given or doesn't convert.
        mutating func set(_ name: String, to value: String) -> Bool {
            if name == "hashtag" {
                invocation.hashtags.append(value)
                return true
            }
            if name == "to" {  // repeated --to options append, like ArgumentParser's array option
                invocation.destinations += invocation.destinations.isEmpty ? value : "," + value
                given.append(name)
                return true
            }
            guard first(name) else { return false }
            switch name {
            case "to": invocation.destinations = value
            case "text": invocation.text = value
            case "title": invocation.title = value
            case "url": invocation.url = value
            case "kind": invocation.kind = value
            case "fallback": invocation.fallback = value
            case "chain": invocation.chainName = value
            case "config": invocation.routing.configFile = value
            case "unavailable": invocation.routing.unavailable = value
            case "out": invocation.routing.out = value
            case "mastodon-instance": invocation.routing.mastodonInstance = value
            case "selection":
                guard let selection = ClipboardSelection(argument: value) else { return false }
                invocation.routing.selection = selection
            case "clipboard-backend":
                guard let backend = ClipboardDestination.BackendPreference(argument: value) else { return false }
                invocation.routing.clipboardBackend = backend
            case "timeout":
                guard let timeout = Double(argument: value) else { return false }
                invocation.routing.timeout = timeout
            case "retries":
                guard let retries = Int(argument: value) else { return false }
                invocation.routing.retries = retries
            default: return false
            }
            return true
        }

        /// The invocation, with the defaults for what wasn't given; nil without `--to` or `--chain`.
        func finished() -> ShareInvocation? {
            given.contains("to") || given.contains("chain") ? invocation : nil
        }

        /// Notes `name` as given; false when it was already.
        private mutating func first(_ name: String) -> Bool {
            guard !given.contains(name) else { return false }
            given.append(name)
            return true
        }
    }
}
