import ArgumentParser
import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import ShareviaCLI

/// The fast path reads the share command line exactly as ArgumentParser does, and leaves to
/// ArgumentParser everything it can't read plainly.
@Suite struct ShareCommandFastPathTests {
    /// What ArgumentParser makes of `arguments`, or nil when it refuses them.
    func argumentParserInvocation(_ arguments: [String]) -> ShareInvocation? {
        (try? ShareviaCommand.parseAsRoot(arguments) as? ShareCommand)?.invocation
    }

    @Test(arguments: [
        ["--to", "clipboard", "card.png"],
        ["share", "--to", "clipboard", "card.png"],
        ["card.png", "--to", "x,mastodon", "second.png"],
        ["--to=clipboard", "--text=Seven days", "--title=Streak", "--url=https://example.com/s?a=1"],
        ["--to", "x", "--text", "-"],
        ["--to", "x", "--text", "Seven days in a row ✨", "--hashtag", "streak", "--hashtag", "#fitness"],
        ["--to", "x", "--kind", "level-up", "--fallback", "file", "--json"],
        ["--to", "clipboard", "--no-fallback", "--dry-run", "--no-verify", "card.png"],
        ["--to", "clipboard", "--selection", "primary", "--clipboard-backend", "xclip", "--text", "hi"],
        ["--to", "clipboard", "--clipboard-backend", "auto", "--text", "hi"],
        ["--to", "file", "--out", "shares", "--unavailable", "clipboard,x", "--text", "hi"],
        [
            "--to", "mastodon", "--mastodon-instance", "mastodon.social", "--timeout", "2.5", "--retries", "0",
            "--text", "hi",
        ],
        ["--to", "x", "--timeout=3600", "--retries=10", "--text", "a=b"],
        ["--to", "x", "--text", "dash - inside", "--title", "a-b", "file-name.png"],
        ["--to", "x", "--to", "bluesky,threads", "--to=file", "--text", "hi"],
    ])
    func agreesWithArgumentParser(arguments: [String]) throws {
        let fast = try #require(ShareCommandFastPath.parse(arguments), "the fast path declined \(arguments)")
        let parsed = try #require(argumentParserInvocation(arguments), "ArgumentParser refused \(arguments)")
        #expect(fast == parsed)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["share", "--help"], ["help"],
        ["destinations"], ["image", "inspect", "card.png"], ["text", "count", "hi"],
        ["--text", "no destination"],
        ["--to"], ["--to="], ["--to", "x", "--text"],
        ["--to", "x", "--json", "--json", "--text", "hi"],
        ["--to", "x", "--json=true", "--text", "hi"],
        ["--to", "x", "--text", "--json"],
        ["--to", "x", "--text", "-5 degrees"],
        ["--to", "x", "--", "-card.png"],
        ["--to", "x", "-v", "card.png"],
        ["--to", "x", "--colour", "blue", "--text", "hi"],
        ["--to", "x", "card.png", "destinations"],
        ["--to", "x", "--selection", "secondary", "--text", "hi"],
        ["--to", "x", "--timeout", "soon", "--text", "hi"],
        ["--to", "x", "--timeout", "0", "--text", "hi"],
        ["--to", "x", "--retries", "11", "--text", "hi"],
        ["--to", "x", "--no-fallback", "--fallback", "file", "--text", "hi"],
        ["--to", ",", "--text", "hi"],
        ["--to", "x", "--url", "ftp://example.com"],
        ["--to", "x", "--hashtag", "two words"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(ShareCommandFastPath.parse(arguments) == nil)
    }

    @Test func knowsEveryOptionOfTheShareCommand() throws {
        let dump = try #require(ShareCommand._dumpHelp().data(using: .utf8))
        let root = try #require(try JSONSerialization.jsonObject(with: dump) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        var options: Set<String> = []
        var flags: Set<String> = []
        for argument in arguments {
            let names = (argument["names"] as? [[String: Any]] ?? [])
                .filter { $0["kind"] as? String == "long" }
                .compactMap { $0["name"] as? String }
            switch argument["kind"] as? String {
            case "option": options.formUnion(names)
            case "flag": flags.formUnion(names)
            default: break
            }
        }
        flags.subtract(["help", "version"])
        // The fast path reads the core options; a destination's own options (declared once, in its
        // option group) are left to ArgumentParser, so a command line using one must be declined.
        #expect(Set(ShareCommandFastPath.valueOptions).isSubset(of: options))
        #expect(Set(ShareCommandFastPath.flags).isSubset(of: flags))
        for option in options.subtracting(ShareCommandFastPath.valueOptions) {
            #expect(ShareCommandFastPath.parse(["--to", "x", "--\(option)", "value"]) == nil, "--\(option)")
        }
        for flag in flags.subtracting(ShareCommandFastPath.flags) {
            #expect(ShareCommandFastPath.parse(["--to", "x", "--\(flag)", "--text", "hi"]) == nil, "--\(flag)")
        }
        #expect(
            Set(ShareviaCommand.configuration.subcommands.map { $0._commandName } + ["help"])
                == Set(ShareCommandFastPath.reservedWords)
        )
    }

    @Test(arguments: [
        ["destinations"], ["destinations", "--json"],
        ["destinations", "--config", "my.yaml", "--unavailable=clipboard", "--json"],
        ["destinations", "--mastodon-instance", "example.social", "--no-verify", "--timeout", "5", "--retries", "1"],
        ["destinations", "--selection", "primary", "--clipboard-backend", "auto", "--out", "shares"],
    ])
    func readsTheDestinationsListingAsArgumentParserDoes(arguments: [String]) throws {
        let fast = try #require(ShareCommandFastPath.parseDestinations(arguments), "declined \(arguments)")
        let parsed = try #require(try ShareviaCommand.parseAsRoot(arguments) as? DestinationsCommand)
        #expect(fast.json == parsed.json)
        #expect(fast.routing == parsed.routing.settings)
    }

    @Test(arguments: [
        ["destinations", "--help"], ["destinations", "-h"], ["destinations", "extra"], ["destinations", "--to", "x"],
        ["destinations", "--json", "--json"], ["destinations", "--timeout", "0"], ["destinations", "--text", "hi"],
        ["destinations", "--selection", "secondary"], ["destinations", "--config"], ["share", "destinations"],
    ])
    func leavesOtherDestinationsCommandLinesToArgumentParser(arguments: [String]) {
        #expect(ShareCommandFastPath.parseDestinations(arguments) == nil)
    }

    /// Both readers come from `core-options.json`; a hand edit of the generated file, or a
    /// declaration changed without running the generator, fails here.
    @Test func theGeneratedReadersMatchTheirDeclaration() async throws {
        let output = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["python3", PackageRoot.path + "/scripts/generate-core-options.py", "--check"],
            timeout: .seconds(120)
        )
        let diff = String(decoding: output.standardOutput + output.standardError, as: UTF8.self)
        #expect(output.exitStatus == 0, "\(diff)")
    }

    @Test func defaultsMatchArgumentParsers() throws {
        let fast = try #require(ShareCommandFastPath.parse(["--to", "x", "--text", "hi"]))
        #expect(fast == argumentParserInvocation(["--to", "x", "--text", "hi"]))
        #expect(fast.routing == RouterSettings())
        #expect(fast.kind == "generic")
    }
}
