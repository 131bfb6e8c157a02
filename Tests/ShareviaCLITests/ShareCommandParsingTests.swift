import ArgumentParser
import ShareCore
import Testing

@testable import ShareviaCLI

/// Parsing in process: the chain and the checks that need no I/O.
@Suite struct ShareCommandParsingTests {
    func parse(_ arguments: [String]) throws -> ShareInvocation {
        let command = try ShareviaCommand.parseAsRoot(arguments)
        return try #require(command as? ShareCommand).invocation
    }

    @Test func defaultChainEndsWithClipboardAndFile() throws {
        #expect(try parse(["--to", "instagram", "card.png"]).chain.ids == ["instagram", "clipboard", "file"])
    }

    @Test func severalDestinationsKeepTheirOrder() throws {
        #expect(
            try parse(["--to", "x, mastodon", "--text", "hi"]).chain.ids == ["x", "mastodon", "clipboard", "file"]
        )
    }

    @Test func fallbackReplacesTheTail() throws {
        #expect(try parse(["--to", "x", "--fallback", "file", "--text", "hi"]).chain.ids == ["x", "file"])
    }

    @Test func noFallbackTriesOnlyTheNamedDestinations() throws {
        #expect(try parse(["--to", "clipboard", "--no-fallback", "--text", "hi"]).chain.ids == ["clipboard"])
    }

    @Test(arguments: [
        (["--to", "x", "--no-fallback", "--fallback", "file"], "can't be used together"),
        (["--to", ",", "--text", "a"], "at least one destination"),
        (["--to", "x", "--url", "ftp://example.com"], "not an http or https URL"),
        (["--to", "x", "--url", "https://exa mple.com"], "not an http or https URL"),
        (["--to", "x", "--hashtag", "two words"], "letters, digits and '_'"),
        (["--to", "x", "--title", "a\nb"], "must be one line"),
        (["--to", "x", "--timeout", "0"], "--timeout"),
        (["--to", "x", "--selection", "secondary"], "secondary"),
    ])
    func rejectsBadArguments(arguments: [String], expected: String) {
        do {
            _ = try ShareviaCommand.parseAsRoot(arguments)
            Issue.record("expected \(arguments) to be refused")
        } catch {
            let message = ShareviaCommand.message(for: error)
            #expect(message.contains(expected), "\(message)")
            #expect(ShareviaCommand.exitCode(for: error).rawValue == 64)
        }
    }

    @Test func hashtagsLoseTheirHash() throws {
        let content = try parse(["--to", "x", "--hashtag", "#streak", "--hashtag", "fitness", "--text", "hi"])
            .buildContent()
        #expect(content.hashtags == ["streak", "fitness"])
    }

    @Test func exitCodesFollowTheOutcome() {
        #expect(ShareviaExitCode.code(for: .delivered) == 0)
        #expect(ShareviaExitCode.code(for: .deliveredByFallback) == 3)
        #expect(ShareviaExitCode.code(for: .notDelivered) == 4)
    }

    @Test func jsonErrorCodesNameTheExitCode() {
        #expect(JSONErrorOutput.code(for: ShareviaExitCode.usage) == "usage")
        #expect(JSONErrorOutput.code(for: ShareviaExitCode.inputError) == "input")
        #expect(JSONErrorOutput.code(for: ShareviaExitCode.notDelivered) == "unavailable")
        #expect(JSONErrorOutput.code(for: ShareviaExitCode.internalError) == "internal")
    }

    @Test func firstInvalidUTF8ByteIsLocated() {
        #expect(UTF8Validation.firstInvalidOffset(in: Array("héllo".utf8)) == nil)
        #expect(UTF8Validation.firstInvalidOffset(in: [0x61, 0x62, 0xFF, 0x63]) == 2)
        #expect(UTF8Validation.firstInvalidOffset(in: Array("é".utf8) + [0xC3]) == 2)
    }
}
