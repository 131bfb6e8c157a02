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
/// once (`--hashtag` may repeat), values that don't start with `-` (but `--text -`), no `--`, no
/// short options and no subcommand names. For anything else, and for an invocation that fails
/// validation, it returns nil and ArgumentParser parses the command line as before, so help,
/// version, completions and every error message stay ArgumentParser's. `ShareCommandFastPathTests`
/// checks that both readers agree on every option.
enum ShareCommandFastPath {
    /// The long options that take a value.
    static let valueOptions = [
        "to", "text", "title", "url", "hashtag", "kind", "fallback",
        "unavailable", "out", "selection", "clipboard-backend", "mastodon-instance", "timeout", "retries",
    ]

    /// The long options that are flags.
    static let flags = ["no-fallback", "dry-run", "json", "no-verify"]

    /// Words ArgumentParser could read as a subcommand rather than a file.
    static let reservedWords = ["share", "destinations", "image", "text", "help"]

    /// The invocation `arguments` (without the program name) describe, validated; nil when
    /// ArgumentParser should read them instead.
    static func parse(_ arguments: [String]) -> ShareInvocation? {
        var reader = Reader()
        var remaining = arguments[...]
        if remaining.first == "share" { remaining = remaining.dropFirst() }
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                guard !argument.hasPrefix("-"), !reservedWords.contains(argument) else { return nil }
                reader.files.append(argument)
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
        guard let invocation = reader.invocation() else { return nil }
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

    /// What the command line gave so far; nil for what it didn't.
    private struct Reader {
        var destinations: String?
        var files: [String] = []
        var text: String?
        var title: String?
        var url: String?
        var hashtags: [String] = []
        var kind: String?
        var fallback: String?
        var noFallback = false
        var dryRun = false
        var json = false
        var unavailable: String?
        var out: String?
        var selection: ClipboardSelection?
        var noVerify = false
        var clipboardBackend: ClipboardDestination.BackendPreference?
        var mastodonInstance: String?
        var timeout: Double?
        var retries: Int?

        /// Records a flag; false when it was already given.
        mutating func setFlag(_ name: String) -> Bool {
            switch name {
            case "no-fallback": return Self.once(&noFallback)
            case "dry-run": return Self.once(&dryRun)
            case "json": return Self.once(&json)
            case "no-verify": return Self.once(&noVerify)
            default: return false
            }
        }

        /// Records an option's value; false when it was already given or doesn't convert.
        mutating func set(_ name: String, to value: String) -> Bool {
            switch name {
            case "to": return Self.once(&destinations, value)
            case "text": return Self.once(&text, value)
            case "title": return Self.once(&title, value)
            case "url": return Self.once(&url, value)
            case "hashtag":
                hashtags.append(value)
                return true
            case "kind": return Self.once(&kind, value)
            case "fallback": return Self.once(&fallback, value)
            case "unavailable": return Self.once(&unavailable, value)
            case "out": return Self.once(&out, value)
            case "selection": return Self.once(&selection, ClipboardSelection(argument: value))
            case "clipboard-backend":
                return Self.once(&clipboardBackend, ClipboardDestination.BackendPreference(argument: value))
            case "mastodon-instance": return Self.once(&mastodonInstance, value)
            case "timeout": return Self.once(&timeout, Double(argument: value))
            case "retries": return Self.once(&retries, Int(argument: value))
            default: return false
            }
        }

        /// The invocation, with the defaults for what wasn't given; nil without `--to`.
        func invocation() -> ShareInvocation? {
            guard let destinations else { return nil }
            var routing = RouterSettings()
            routing.unavailable = unavailable
            routing.out = out
            if let selection { routing.selection = selection }
            routing.noVerify = noVerify
            routing.clipboardBackend = clipboardBackend
            routing.mastodonInstance = mastodonInstance
            if let timeout { routing.timeout = timeout }
            if let retries { routing.retries = retries }

            var invocation = ShareInvocation(destinations: destinations, routing: routing)
            invocation.files = files
            invocation.text = text
            invocation.title = title
            invocation.url = url
            invocation.hashtags = hashtags
            if let kind { invocation.kind = kind }
            invocation.fallback = fallback
            invocation.noFallback = noFallback
            invocation.dryRun = dryRun
            invocation.json = json
            return invocation
        }

        private static func once<Value>(_ slot: inout Value?, _ value: Value?) -> Bool {
            guard slot == nil, let value else { return false }
            slot = value
            return true
        }

        private static func once(_ flag: inout Bool) -> Bool {
            guard !flag else { return false }
            flag = true
            return true
        }
    }
}
