import ArgumentParser

/// The one reader of `sharevia sms count [--json] [--lines] [--smart-encoding] [TEXT | -]`,
/// driven by its options' declarations (``SMSCountOptions``) through the share command's reader;
/// it prints its `--help` too.
///
/// `sharevia` reads it before anything else is set up (the command tree, the executor, the
/// destination registry): swift-argument-parser's reflection over a command's property wrappers
/// cost about 7.5 million instructions a run, more than a quarter of counting a megabyte.
enum SMSCountCommandLine {
    /// What a command line this reader reads asks for.
    enum Request: Equatable {
        /// A count to run.
        case count(SMSCountInvocation)
        /// Text to print and exit 0: the help screen or the version.
        case print(String)
    }

    /// `sharevia sms count --help`.
    static var help: HelpScreen {
        HelpScreen(
            commandName: "sms count",
            abstract: SMSCountCommand.configuration.abstract,
            discussion: SMSCountCommand.configuration.discussion,
            options: SMSCountOptions.all
        )
    }

    /// What `arguments` (without the program name) ask for: nil unless they are `sms count ...`
    /// or `help sms count`.
    ///
    /// - Throws: ``CommandLineFailure`` for a command line that can't be read.
    static func request(_ arguments: [String]) throws(CommandLineFailure) -> Request? {
        if arguments == ["help", "sms", "count"] { return .print(help.rendered()) }
        guard arguments.count >= 2, arguments[0] == "sms", arguments[1] == "count" else { return nil }
        return try count(Array(arguments.dropFirst(2)))
    }

    /// What the words after `sms count` ask for.
    static func count(_ words: [String]) throws(CommandLineFailure) -> Request {
        do throws(CommandLineError) {
            let values = try CommandLineReader(options: SMSCountOptions.all).read(words)
            if values.wantsHelp { return .print(help.rendered()) }
            if values.wantsVersion { return .print(ShareviaVersion.current) }
            let invocation = SMSCountInvocation(
                json: values.isSet(SMSCountOptions.json),
                lines: values.isSet(SMSCountOptions.lines),
                smartEncoding: values.isSet(SMSCountOptions.smartEncoding),
                text: values.arguments.first
            )
            if invocation.lines, let text = invocation.text, text != "-" {
                throw .invalid("--lines reads standard input; don't also give TEXT")
            }
            return .count(invocation)
        } catch {
            throw CommandLineFailure(error: error, screen: help)
        }
    }
}
