import ArgumentParser

/// Reads the everyday `sharevia [share] --to DEST [FILE...] [--option value]...` command line
/// without swift-argument-parser.
///
/// ArgumentParser finds a command's options by reflecting over its property wrappers, and on Linux
/// each type it meets costs the Swift runtime a scan of every protocol conformance in the binary:
/// about 13 million instructions (4 ms) a run, more than the rest of a clipboard copy together.
/// This reader knows ``ShareCommand``'s core options by name and fills the same ``ShareInvocation``:
/// both readers are generated from one declaration (`CoreOptions/core-options.json`, by
/// `scripts/generate-core-options.py`), which gives this one ``valueOptions``, ``flags`` and the
/// setters it calls.
///
/// It takes only what it reads unambiguously: known long options and flags, each given at most
/// once (`--hashtag` and `--to` may repeat), values that don't start with `-` (but `--text -`), no `--`, no
/// short options and no subcommand names. For anything else, and for an invocation that fails
/// validation, it returns nil and ArgumentParser parses the command line as before, so help,
/// version, completions and every error message stay ArgumentParser's. `ShareCommandFastPathTests`
/// checks that both readers agree and that the generated file is current.
enum ShareCommandFastPath {
    /// Words ArgumentParser could read as a subcommand rather than a file.
    static let reservedWords = ["share", "destinations", "image", "text", "sms", "config", "card", "help"]

    /// The invocation `arguments` (without the program name) describe, validated; nil when
    /// ArgumentParser should read them instead.
    static func parse(_ arguments: [String]) -> ShareInvocation? {
        var remaining = arguments[...]
        if remaining.first == "share" { remaining = remaining.dropFirst() }
        guard let reader = read(remaining, allowing: nil), let invocation = reader.finished() else { return nil }
        do {
            try invocation.routing.validate()
            try invocation.validate()
        } catch {
            return nil
        }
        return invocation
    }

    /// `sharevia destinations [--json] [router options]`: whether `--json` was given and the
    /// router settings, validated; nil when ArgumentParser should read the command line instead.
    static func parseDestinations(_ arguments: [String]) -> (json: Bool, routing: RouterSettings)? {
        guard arguments.first == "destinations",
            let reader = read(arguments.dropFirst(), allowing: routerOptionNames.union(["json"])),
            (try? reader.invocation.routing.validate()) != nil
        else { return nil }
        return (reader.invocation.json, reader.invocation.routing)
    }

    /// Reads options, flags and (when `allowed` is nil) files into an invocation; nil at the
    /// first thing this reader leaves to ArgumentParser.
    /// - Parameter allowed: The long names accepted; nil for every core option and files.
    private static func read(_ arguments: ArraySlice<String>, allowing allowed: Set<String>?) -> Reader? {
        var reader = Reader()
        var remaining = arguments
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                guard allowed == nil, !argument.hasPrefix("-"), !reservedWords.contains(argument) else { return nil }
                addArgument(argument, to: &reader.invocation)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard allowed?.contains(name) ?? true else { return nil }
            if flags.contains(name) {
                guard value == nil, reader.setFlag(name) else { return nil }
            } else if valueOptions.contains(name) {
                if value == nil { value = remaining.popFirst() }
                guard let value, isPlainValue(value), reader.set(name, to: value) else { return nil }
            } else {
                return nil
            }
        }
        return reader
    }

    /// A value ArgumentParser reads as a value wherever it stands.
    private static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty && (value == "-" || !value.hasPrefix("-"))
    }

    /// The invocation the command line describes so far, and which options it gave.
    private struct Reader {
        var invocation = ShareInvocation(destinations: "")
        /// Options and flags given so far; each may be given once (but ``repeatableOptions``).
        private var given: [String] = []

        /// Records a flag; false when it was already given.
        mutating func setFlag(_ name: String) -> Bool {
            first(name) && ShareCommandFastPath.setFlag(name, in: &invocation)
        }

        /// Records an option's value; false when it was already given (and may not repeat) or
        /// doesn't convert.
        mutating func set(_ name: String, to value: String) -> Bool {
            if ShareCommandFastPath.repeatableOptions.contains(name) {
                given.append(name)
            } else if !first(name) {
                return false
            }
            return ShareCommandFastPath.set(name, to: value, in: &invocation)
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
