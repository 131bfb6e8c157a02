import ArgumentParser
import TextFitting

/// The networks `sharevia text` counts for.
enum TextNetwork: String, ExpressibleByArgument, CaseIterable, Sendable {
    case x, twitter, mastodon, bluesky, threads

    /// The network's rules, with the limit overridden when one is given.
    func rules(limit: Int?) -> TextRules {
        // Every case's raw value is a built-in name; a test checks that for each case.
        var rules = TextRules.builtIn(named: rawValue) ?? .x
        if let limit { rules.limit = limit }
        return rules
    }
}

/// The options `count` and `fit` share: which rules, where the text comes from, how to print.
struct TextInputOptions: ParsableArguments {
    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("The network whose rules apply (twitter is another name for x).", valueName: "network")
    )
    var network: TextNetwork

    @Option(
        help: ArgumentHelp(
            "Use this limit instead of the network's (Mastodon servers set their own; default \(TextRules.defaultMastodonLimit))."
        )
    )
    var limit: Int?

    @Flag(help: "Print one JSON object per input, one per line.")
    var json = false

    @Flag(help: "Read standard input and treat each line as one input.")
    var lines = false

    @Flag(help: .hidden)
    var quiet = false

    @Argument(help: "The text, or - (the default) to read it from standard input.")
    var text: String?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if lines, let text, text != "-" { throw ValidationError("--lines reads standard input; don't also give TEXT") }
    }

    /// The rules chosen.
    var rules: TextRules { network.rules(limit: limit) }

    /// The inputs: the argument, all of standard input, or its lines.
    func inputs() throws -> [String] {
        try StandardStreams.inputs(text: text, lines: lines)
    }
}
