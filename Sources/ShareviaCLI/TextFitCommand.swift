import ArgumentParser
import TextFitting

/// `sharevia text fit --for x [--url U] [--hashtag H]... [TEXT | -]`: the post as it would be posted.
struct TextFitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit text, a link and hashtags to a network's limit and print the post as it would be posted.",
        discussion: """
            Hashtags are dropped last first, then the text is cut at a character boundary outside \
            URLs, mentions and hashtags and ends with "…". The link is never cut. The post goes to \
            standard output and what was trimmed to standard error (with --json, both in one object).
            """
    )

    @OptionGroup var input: TextInputOptions

    @Option(help: "A link to add after the text; it is never cut.")
    var url: String?

    @Option(
        name: .customLong("hashtag"),
        help: "A hashtag to add (with or without #); repeat for more. Dropped last first."
    )
    var hashtags: [String] = []

    func validate() throws {
        if let url { try ContentValidation.checkURL(url) }
        for tag in hashtags { try ContentValidation.checkHashtag(tag) }
    }

    func run() async throws {
        let fitter = TextFitter(rules: input.rules)
        var output = ""
        var summaries: [String] = []
        for text in try input.inputs() {
            let post = fitter.fit(PostParts(body: text, link: url, hashtags: hashtags))
            if input.quiet { continue }
            if input.json {
                output += try TextOutput.jsonLine(TextOutput.fitRecord(post))
            } else {
                output += post.text + "\n"
                summaries.append(post.summary)
            }
            if output.utf8.count > 1 << 16 {
                StandardStreams.write(output)
                output = ""
            }
        }
        StandardStreams.write(output)
        for summary in summaries { StandardStreams.printError(summary) }
    }
}
