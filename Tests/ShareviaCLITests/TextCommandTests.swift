import ArgumentParser
import Foundation
import Testing
import TextFitting

@testable import ShareviaCLI

/// `sharevia text count` and `text fit`: parsing in process, the printed lines, and runs of the
/// built binary.
struct TextCommandTests {
    @Test func parsesCountWithNetworkAndText() throws {
        let command = try #require(
            try ShareviaCommand.parseAsRoot(["text", "count", "--for", "twitter", "hello"]) as? TextCountCommand
        )
        #expect(command.input.network == .twitter)
        #expect(command.input.rules.name == "x")
        #expect(command.input.rules.limit == 280)
        #expect(command.input.text == "hello")
    }

    @Test func parsesFitWithLinkHashtagsAndLimit() throws {
        let command = try #require(
            try ShareviaCommand.parseAsRoot(
                [
                    "text", "fit", "--for", "mastodon", "--limit", "1000", "--url", "https://e.com", "--hashtag", "a",
                    "--hashtag", "#b", "-",
                ])
                as? TextFitCommand
        )
        #expect(command.input.rules.name == "mastodon")
        #expect(command.input.rules.limit == 1000)
        #expect(command.url == "https://e.com")
        #expect(command.hashtags == ["a", "#b"])
    }

    @Test func everyNetworkHasBuiltInRules() {
        for network in TextNetwork.allCases {
            let rules = TextRules.builtIn(named: network.rawValue)
            #expect(rules != nil, "no built-in rules for --for \(network.rawValue)")
            #expect(network.rules(limit: nil).name == rules?.name)
            #expect(network.rules(limit: nil).limit == rules?.limit)
            #expect(network.rules(limit: 42).limit == 42)
        }
    }

    /// The message parsing `arguments` fails with, or nil when it parses.
    static func parseFailure(_ arguments: [String]) -> String? {
        do {
            _ = try ShareviaCommand.parseAsRoot(arguments)
            return nil
        } catch {
            return ShareviaCommand.message(for: error)
        }
    }

    @Test func rejectsAnUnknownNetworkAndBadLimits() throws {
        let network = try #require(Self.parseFailure(["text", "count", "--for", "myspace", "hi"]))
        #expect(network.contains("'myspace'") && network.contains("--for"), "\(network)")
        let limit = try #require(Self.parseFailure(["text", "count", "--for", "x", "--limit", "0", "hi"]))
        #expect(limit == "--limit must be at least 1")
        let lines = try #require(Self.parseFailure(["text", "count", "--for", "x", "--lines", "hi"]))
        #expect(lines == "--lines reads standard input; don't also give TEXT")
    }

    @Test func fitChecksTheLinkAndHashtags() throws {
        let url = try #require(Self.parseFailure(["text", "fit", "--for", "x", "--url", "example.com/page", "hi"]))
        #expect(url.contains("is not an http or https URL"), "\(url)")
        let spaced = try #require(Self.parseFailure(["text", "fit", "--for", "x", "--url", "https://e.com/a b", "hi"]))
        #expect(spaced.contains("must not contain spaces"), "\(spaced)")
        let tag = try #require(Self.parseFailure(["text", "fit", "--for", "x", "--hashtag", "two words", "hi"]))
        #expect(tag.contains("--hashtag 'two words' must be letters"), "\(tag)")
        #expect(
            Self.parseFailure(["text", "fit", "--for", "x", "--url", "https://e.com/a", "--hashtag", "#ok", "hi"])
                == nil
        )
    }

    @Test func countLines() {
        #expect(TextOutput.countLine(network: "x", TextRules.x.measure("Hi http://test.co 👨‍👩‍👧‍👦")) == "x: 29/280, fits")
        let long = String(repeating: "a", count: 281)
        #expect(TextOutput.countLine(network: "x", TextRules.x.measure(long)) == "x: 281/280, 1 over")
        #expect(
            TextOutput.countLine(network: "bluesky", TextRules.bluesky.measure("🔥é"))
                == "bluesky: 2/300 (6/3000 bytes), fits"
        )
        let heavy = String(repeating: "👨‍👩‍👧‍👦", count: 200)  // 25 bytes each
        #expect(
            TextOutput.countLine(network: "bluesky", TextRules.bluesky.measure(heavy))
                == "bluesky: 200/300 (5000/3000 bytes), too many bytes"
        )
    }

    @Test func countHelpIsPinned() {
        let help = ShareviaCommand.helpMessage(for: TextCountCommand.self, columns: 80)
        let trimmed = help.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            trimmed == Self.pinnedCountHelp,
            "help for 'text count' changed; update the pinned text if that was meant"
        )
    }

    static let pinnedCountHelp = """
        OVERVIEW: Count text by a network's rules and say whether it fits.

        USAGE: sharevia text count --for <network> [--limit <limit>] [--json] [--lines] [<text>]

        ARGUMENTS:
          <text>                  The text, or - (the default) to read it from standard
                                  input.

        OPTIONS:
          --for <network>         The network whose rules apply (twitter is another
                                  name for x). (values: x, twitter, mastodon, bluesky,
                                  threads)
          --limit <limit>         Use this limit instead of the network's (Mastodon
                                  servers set their own; default 500).
          --json                  Print one JSON object per input, one per line.
          --lines                 Read standard input and treat each line as one input.
          --version               Show the version.
          -h, --help              Show help information.
        """

    // MARK: - The built binary

    @Test func countPrintsCountLimitAndFit() async throws {
        let run = try await ShareviaProcess.run(["text", "count", "--for", "x", "Hi http://test.co 👨‍👩‍👧‍👦"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "x: 29/280, fits\n")
    }

    @Test func countReadsLinesAsJSON() async throws {
        let input = Array("hello\nsee example.com and https://example.com/long/path\n@bob@example.social hi\n".utf8)
        let run = try await ShareviaProcess.run(
            ["text", "count", "--for", "mastodon", "--lines", "--json"],
            input: input
        )
        #expect(run.status == 0, "\(run.stderr)")
        let counts = run.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["count"] as? Int
        }
        #expect(counts == [5, 4 + 12 + 4 + 23, 7])
    }

    @Test func fitPrintsThePostAndWhatWasTrimmed() async throws {
        let text = String(repeating: "word ", count: 60)
        let run = try await ShareviaProcess.run(
            ["text", "fit", "--for", "x", "--url", "https://example.com/p", "--hashtag", "fitness", text])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("… https://example.com/p\n"))
        #expect(run.stderr.hasPrefix("x: 280/280 (trimmed "))
        #expect(run.stderr.contains("dropped #fitness"))
    }

    @Test func fitWithAnEmptyTextAndALinkTooLongSaysItDoesNotFit() async throws {
        let link = "https://example.com/" + String(repeating: "p", count: 380)
        let run = try await ShareviaProcess.run(["text", "fit", "--for", "bluesky", "--url", link, ""])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == link + "\n")
        #expect(run.stderr == "bluesky: \(link.count)/300 (does not fit: \(link.count - 300) over the limit)\n")
    }

    @Test func fitAsJSONFromStandardInput() async throws {
        let run = try await ShareviaProcess.run(
            ["text", "fit", "--for", "bluesky", "--json", "--hashtag", "run", "-"],
            input: Array("Seven days 🔥".utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(object["text"] as? String == "Seven days 🔥 #run")
        #expect(object["count"] as? Int == 17)
        #expect(object["fits"] as? Bool == true)
        #expect(object["summary"] as? String == "bluesky: 17/300")
    }
}
