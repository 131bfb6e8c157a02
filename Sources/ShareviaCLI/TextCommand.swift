import ArgumentParser
import TextFitting

/// `sharevia text`: count and fit text for X, Mastodon, Bluesky and Threads.
struct TextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Count and fit text for X, Mastodon, Bluesky and Threads.",
        discussion: """
            Counts follow each network's rules: X uses twitter-text v3 (URLs 23, emoji 2, CJK 2), \
            Mastodon counts graphemes with URLs as 23 (limit \(TextRules.defaultMastodonLimit) unless --limit), Bluesky counts \
            graphemes (300, and 3000 bytes), Threads counts characters with emoji as their UTF-8 bytes (500). \
            Text read from standard input ('-') is limited to 64 MiB, checked while reading.
            """,
        subcommands: [TextCountCommand.self, TextFitCommand.self]
    )
}
