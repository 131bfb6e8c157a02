import ArgumentParser

/// `sharevia text`: count and fit text for X, Mastodon, Bluesky and Threads. (Filled in by the text work.)
struct TextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Count and fit text for X, Mastodon, Bluesky and Threads."
    )
}
