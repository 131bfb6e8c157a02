import ArgumentParser
import Clipboard
import Destinations
import ShareCore
import Testing

@testable import ShareviaCLI

/// `--timeout` governs the clipboard's own limit per command, as it governs an SMTP delivery;
/// without it the clipboard keeps its 5 s, so a frozen display server fails a try in 5 s.
@Suite struct ClipboardTimeoutTests {
    func clipboardTimeout(_ arguments: [String]) throws -> Duration {
        let command = try #require(
            try ShareviaCommand.parseAsRoot(["--to", "clipboard", "--text", "hi"] + arguments) as? ShareCommand
        )
        var problems: [SettingError] = []
        let settings = command.invocation.routing.reader(environment: ShareEnvironment())
        return ClipboardDestination.Configuration(reading: settings, problems: &problems).timeout
    }

    @Test func timeoutFlagSetsTheClipboardsLimit() throws {
        #expect(try clipboardTimeout(["--timeout", "1.5"]) == .milliseconds(1500))
        #expect(try clipboardTimeout(["--timeout", "60"]) == .seconds(60))
    }

    @Test func withoutTheFlagTheClipboardKeepsFiveSeconds() throws {
        #expect(try clipboardTimeout([]) == .seconds(5))
        #expect(ClipboardDestination.Configuration().timeout == .seconds(5))
    }
}
