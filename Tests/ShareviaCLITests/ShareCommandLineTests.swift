import ArgumentParser
import Foundation
import ShareCore
import Testing

@testable import ShareviaCLI

/// The one reader of the share command line (and of `sharevia destinations`), driven by the
/// options' declarations: it reads every form swift-argument-parser read, as it read them, refuses
/// what it refused with the same words, and leaves the other subcommands to it.
@Suite struct ShareCommandLineTests {
    /// The share `arguments` ask for, or nil when they ask for something else.
    func invocation(_ arguments: [String]) throws -> ShareInvocation? {
        guard case .share(let invocation) = try ShareCommandLine.request(arguments) else { return nil }
        return invocation
    }

    /// The failure `arguments` give.
    func failure(_ arguments: [String]) -> CommandLineFailure? {
        do throws(CommandLineFailure) {
            _ = try ShareCommandLine.request(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryFormOfTheShareCommandLine() throws {
        var expected = ShareInvocation(destinations: "clipboard")
        expected.files = ["card.png"]
        #expect(try invocation(["--to", "clipboard", "card.png"]) == expected)
        #expect(try invocation(["share", "--to", "clipboard", "card.png"]) == expected)

        expected = ShareInvocation(destinations: "x,mastodon")
        expected.files = ["card.png", "second.png"]
        #expect(try invocation(["card.png", "--to", "x,mastodon", "second.png"]) == expected)

        expected = ShareInvocation(destinations: "clipboard")
        expected.text = "Seven days"
        expected.title = "Streak"
        expected.url = "https://example.com/s?a=1"
        #expect(
            try invocation(["--to=clipboard", "--text=Seven days", "--title=Streak", "--url=https://example.com/s?a=1"])
                == expected
        )

        expected = ShareInvocation(destinations: "x")
        expected.text = "-"
        #expect(try invocation(["--to", "x", "--text", "-"]) == expected)

        expected.text = "Seven days in a row ✨"
        expected.hashtags = ["streak", "#fitness"]
        #expect(
            try invocation([
                "--to", "x", "--text", "Seven days in a row ✨", "--hashtag", "streak", "--hashtag", "#fitness",
            ])
                == expected
        )

        expected = ShareInvocation(destinations: "x")
        expected.kind = "level-up"
        expected.fallback = "file"
        expected.json = true
        #expect(try invocation(["--to", "x", "--kind", "level-up", "--fallback", "file", "--json"]) == expected)

        expected = ShareInvocation(destinations: "x,bluesky,threads,file")
        expected.text = "hi"
        #expect(try invocation(["--to", "x", "--to", "bluesky,threads", "--to=file", "--text", "hi"]) == expected)

        // A single option given twice with one value keeps it (issue 28: two values are refused,
        // see NoSilentSurprisesTests); a flag may repeat.
        expected = ShareInvocation(destinations: "x")
        expected.title = "b"
        expected.json = true
        #expect(try invocation(["--to", "x", "--title", "b", "--title", "b", "--json", "--json"]) == expected)
        #expect(
            failure(["--to", "x", "--title", "a", "--title", "b"])?.error.message.hasPrefix("--title was given") == true
        )

        // After `--`, everything is a file.
        expected = ShareInvocation(destinations: "x")
        expected.files = ["-card.png", "--text"]
        #expect(try invocation(["--to", "x", "--", "-card.png", "--text"]) == expected)

        expected = ShareInvocation(destinations: "x")
        expected.verbose = true
        expected.dryRun = true
        expected.files = ["card.png"]
        #expect(try invocation(["--to", "x", "-v", "--dry-run", "card.png"]) == expected)
        #expect(try invocation(["--to", "x", "--text", "a=b"])?.text == "a=b")
    }

    @Test func routerAndDestinationOptionsGoToTheirSettings() throws {
        let routing = try #require(
            try invocation([
                "--to", "mastodon", "--mastodon-instance", "mastodon.social", "--timeout", "2.5", "--retries", "0",
                "--out", "shares", "--unavailable", "clipboard,x", "--selection", "primary", "--no-verify",
                "--clipboard-backend", "auto", "--config", "my.yaml", "--sms-to", "+14155550123", "--sms-to",
                "+14155550124", "--text", "hi",
            ])
        ).routing
        #expect(routing.timeout == 2.5 && routing.retries == 0 && routing.out == "shares")
        #expect(routing.unavailable == "clipboard,x" && routing.configFile == "my.yaml")
        #expect(
            routing.destinationFlags == [
                "mastodon-instance": ["mastodon.social"], "selection": ["primary"], "no-verify": ["true"],
                "clipboard-backend": ["auto"], "sms-to": ["+14155550123", "+14155550124"],
            ]
        )
    }

    /// A choice in another case reaches the setting's own reading, which takes `XCLIP` as
    /// swift-argument-parser's conversion did.
    @Test func aChoiceInAnotherCaseIsTheSettingsToTake() throws {
        let routing = try #require(
            try invocation(["--to", "clipboard", "--clipboard-backend", "XCLIP", "--text", "hi"])
        )
        .routing
        #expect(routing.destinationFlags == ["clipboard-backend": ["XCLIP"]])
    }

    /// An integrator's setting that declares a flag is read and listed like a built-in's.
    @Test func anIntegratorsFlagIsReadAndListed() throws {
        let setting = ShareSetting(
            key: "webhook.url",
            flag: "webhook-url",
            kind: .text,
            help: "Webhook: the URL to post to.",
            valueName: "url",
            group: "Webhook"
        )
        let factory = ShareviaMain.RegistryFactory.standard(settings: [setting], plus: { _ in [] })
        try ShareviaMain.$registryFactory.withValue(factory) {
            let read = try #require(
                try invocation(["--to", "x", "--webhook-url", "https://example.com/h", "--text", "hi"])
            )
            #expect(read.routing.destinationFlags == ["webhook-url": ["https://example.com/h"]])
            #expect(ShareCommandLine.shareHelp.rendered(columns: 100).contains("WEBHOOK:\n  --webhook-url <url>"))
        }
        #expect(failure(["--to", "x", "--webhook-url", "u"])?.error.message.hasPrefix("Unknown option") == true)
    }

    @Test func defaultsAreTheInvocationsOwn() throws {
        let read = try #require(try invocation(["--to", "x", "--text", "hi"]))
        #expect(read.routing == RouterSettings())
        #expect(read.kind == "generic")
        #expect(!read.json && !read.dryRun && !read.noFallback && !read.verbose && read.card == nil)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["help", "image"], ["image", "inspect", "card.png"],
        ["text", "count", "hi"], ["sms"], ["card", "render"], ["config", "path"],
        ["--generate-completion-script", "bash"],
    ])
    func leavesOtherCommandsToArgumentParser(arguments: [String]) throws {
        #expect(try ShareCommandLine.request(arguments) == nil)
    }

    /// Every other subcommand's name is left to swift-argument-parser, not read as a file to share.
    @Test func knowsEverySubcommandItLeavesToArgumentParser() {
        let names = Set(ShareviaCommand.configuration.subcommands.map { $0._commandName })
        #expect(names.subtracting(["share", "destinations"]).isSubset(of: ShareCommandLine.otherCommands))
        #expect(names.isSuperset(of: ["share", "destinations"]))
    }

    @Test(arguments: [
        ["share", "--help"], ["--to", "x", "--help"], ["--to", "x", "-vh"], ["help", "share"],
        ["--to", "x", "--bogus", "-h"], ["--to", "x", "--help=1"],
    ])
    func printsTheShareHelp(arguments: [String]) throws {
        guard case .print(let text) = try ShareCommandLine.request(arguments) else {
            Issue.record("no help for \(arguments)")
            return
        }
        #expect(text == ShareCommandLine.shareHelp.rendered())
    }

    /// Each message as swift-argument-parser worded it (checked against a build of c0dfc01).
    @Test(
        arguments: [
            (["--to", "x", "--colour", "blue", "--text", "hi"], "Unknown option '--colour'", nil),
            (["--to", "x", "--tex", "hi"], "Unknown option '--tex'. Did you mean '--text'?", nil),
            (["share", "--to", "x", "--bogus"], "Unknown option '--bogus'. Did you mean '--out'?", nil),
            (
                ["--to"], "Missing value for '--to <dest,...>'",
                "--to <dest,...>  Where to share, tried in order (comma separated, or --to repeated). See 'sharevia destinations'."
            ),
            (
                ["--to", "x", "--text", "-5"], "Missing value for '--text <text>'",
                "--text <text>  The share text; '-' reads it from standard input."
            ),
            (
                ["--to", "x", "--selection", "secondary"],
                "The value 'secondary' is invalid for '--selection <selection>'. Please provide one of 'clipboard' and 'primary'.",
                "--selection <selection>  Clipboard selection to use: clipboard or primary (default: clipboard)."
            ),
            (
                ["--to", "x", "--clipboard-backend", "nope"],
                "The value 'nope' is invalid for '--clipboard-backend <backend>'. Please provide one of 'auto', 'x11', 'xclip', 'wl-copy' or 'xsel'.",
                "--clipboard-backend <backend>  How to reach the clipboard; x11 is sharevia's own X11 client (or SHAREVIA_CLIPBOARD_BACKEND)."
            ),
            (
                ["--to", "x", "--timeout", "soon"], "The value 'soon' is invalid for '--timeout <seconds>'",
                "--timeout <seconds>  Seconds one delivery may take before it counts as failed (default: 30)."
            ),
            (
                ["--to", "x", "--retries", "2.5"], "The value '2.5' is invalid for '--retries <retries>'",
                "--retries <retries>  Retries after a transient failure, per destination (default: 2)."
            ),
            (
                ["--to", "x", "--as", "middle"],
                "The value 'middle' is invalid for '--as <layer>'. Please provide one of 'auto', 'background' or 'sticker'.",
                "--as <layer>  Instagram layer for the image: background or sticker (default: by its shape)."
            ),
            (
                ["--to", "x", "--json=true", "--text", "hi"],
                "The option '--json' does not take any value, but 'true' was specified.", nil
            ),
            (["--to", "x", "-q"], "Unknown option '-q'", nil),
            (["--to", "x", "-vq"], "Unknown option '-q'", nil),
            // Letters none of which is a flag are a mistyped long name; --help is never suggested.
            (["--to", "x", "--text", "hi", "-qq"], "Unknown option '-qq'. Did you mean '--to'?", nil),
            // The nearest name: --alt (2 edits) since it was added, before it --to (3 edits).
            (["--to", "x", "--hlp"], "Unknown option '--hlp'. Did you mean '--alt'?", nil),
            (
                ["--to", "x", "--timeout", "0", "--text", "hi"],
                "--timeout must be a number of seconds above 0 and at most 3600, such as 30", nil
            ),
            (
                ["--to", "x", "--retries", "11", "--text", "hi"],
                "--retries must be a whole number from 0 to 10, such as 2", nil
            ),
            (
                ["--to", "x", "--no-fallback", "--fallback", "file"],
                "--fallback and --no-fallback can't be used together", nil
            ),
            (
                ["--text", "no destination"],
                "--to needs at least one destination, such as --to clipboard (or --chain NAME)", nil
            ),
            (
                ["--to", "x", "--instagram-app-id", "abc"],
                "--instagram-app-id 'abc' is not a Facebook App ID (digits, as on developers.facebook.com)", nil
            ),
            (
                ["--to", "x", "--text", "hi", "--fit", "--as", "sticker"],
                "--fit makes a background; it can't be used with --as sticker", nil
            ),
            (["destinations", "--to", "x"], "Unknown option '--to'. Did you mean '--json'?", nil),
            (["destinations", "extra"], "Unexpected argument 'extra'", nil),
            (
                ["destinations", "--timeout", "0"],
                "--timeout must be a number of seconds above 0 and at most 3600, such as 30", nil
            ),
        ] as [([String], String, String?)]
    )
    func refusesWhatArgumentParserRefused(arguments: [String], message: String, help: String?) throws {
        let refused = try #require(failure(arguments), "\(arguments) was read")
        #expect(refused.error.message == message)
        #expect(refused.error.help == help)
    }

    @Test func anErrorShowsTheCommandsUsage() throws {
        let share = try #require(failure(["--to", "x", "--colour", "blue"]))
        #expect(
            share.fullText == """
                Error: Unknown option '--colour'
                Usage: sharevia --to <dest>[,<dest>...] [<file> ...] [--text <text> | --text -] [--title <title>] [--url <url>] [--hashtag <tag> ...]
                                [--fallback <dest>,... | --no-fallback] [--unavailable <dest>,...] [--dry-run] [--json] [--out <dir>]
                  See 'sharevia share --help' for more information.
                """
        )
        let listing = try #require(failure(["destinations", "--config"]))
        #expect(
            listing.fullText == """
                Error: Missing value for '--config <file>'
                Help:  --config <file>  The config file (or SHAREVIA_CONFIG; default: $XDG_CONFIG_HOME/sharevia/config.yaml).
                Usage: sharevia destinations [--json] [--unavailable <dest,...>] [--out <dir>] [--selection <selection>] [--no-verify] [--clipboard-backend <backend>] [--mastodon-instance <host>] [--bluesky-pds <url>] [--timeout <seconds>] [--retries <retries>] [--config <file>]
                  See 'sharevia destinations --help' for more information.
                """
        )
    }

    @Test func everyDeclaredOptionIsRead() throws {
        for option in CommandOptions.share where !option.isArgument {
            var arguments = ["--to", "x", "--text", "hi", "--\(option.flag)"]
            if !option.isFlag { arguments.append(option.setting.kind.choices?.first ?? "1") }
            #expect(failure(arguments)?.error.message.hasPrefix("Unknown option") != true, "--\(option.flag)")
        }
    }

    @Test(
        arguments: [
            (["destinations"], false), (["destinations", "--json"], true),
            (["destinations", "--config", "my.yaml", "--unavailable=clipboard", "--json"], true),
            (
                [
                    "destinations", "--mastodon-instance", "example.social", "--no-verify", "--timeout", "5",
                    "--retries", "1",
                ], false
            ),
        ] as [([String], Bool)]
    )
    func readsTheDestinationsListing(arguments: [String], json: Bool) throws {
        guard case .destinations(let readJSON, let routing) = try ShareCommandLine.request(arguments) else {
            Issue.record("\(arguments) not read as a listing")
            return
        }
        #expect(readJSON == json)
        #expect(routing.destinationFlags["json"] == nil)
    }

    @Test func theDestinationsListingReadsTheRouterOptions() throws {
        guard
            case .destinations(_, let routing) = try ShareCommandLine.request([
                "destinations", "--config", "my.yaml", "--unavailable=clipboard", "--timeout", "5", "--retries", "1",
                "--selection", "primary",
            ])
        else {
            Issue.record("not read as a listing")
            return
        }
        #expect(routing.configFile == "my.yaml" && routing.unavailable == "clipboard")
        #expect(routing.timeout == 5 && routing.retries == 1 && routing.destinationFlags == ["selection": ["primary"]])
    }
}
