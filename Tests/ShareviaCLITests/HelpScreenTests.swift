import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import ShareviaCLI

/// The help screens, pinned verbatim so a changed flag shows up in review. To accept a change,
/// run the test with SHAREVIA_UPDATE_HELP=1 and commit the new fixture.
@Suite struct HelpScreenTests {
    static let commands: [String: any ParsableCommand.Type] = [
        "card-render": CardRenderCommand.self, "outbox": OutboxCommand.self, "outbox-run": OutboxRunCommand.self,
        "outbox-retry": OutboxRetryCommand.self, "integrate-desktop": IntegrateDesktopCommand.self,
    ]

    /// The screens drawn from the options' declarations rather than by swift-argument-parser.
    static let declaredScreens: [String: HelpScreen] = [
        "share": ShareCommandLine.shareHelp, "destinations": ShareCommandLine.destinationsHelp,
        "sms-count": SMSCountCommandLine.help,
    ]

    @Test(arguments: [
        "share", "destinations", "sms-count", "card-render", "outbox", "outbox-run", "outbox-retry",
        "integrate-desktop",
    ])
    func helpScreenIsPinned(command: String) throws {
        let help: String
        if let screen = Self.declaredScreens[command] {
            help = screen.rendered(columns: 100) + "\n"
        } else {
            help = ShareviaCommand.helpMessage(for: try #require(Self.commands[command]), columns: 100) + "\n"
        }
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-\(command).txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_HELP"] == "1" {
            try help.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(help == pinned, "help for '\(command)' changed; rerun with SHAREVIA_UPDATE_HELP=1 to accept")
    }

    @Test func helpListsExitCodesAndExamples() {
        let help = ShareCommandLine.shareHelp.rendered()
        #expect(help.contains("EXIT CODES"))
        #expect(help.contains("sharevia --to clipboard card.png"))
        #expect(help.contains("--dry-run"))
    }
}

/// What `scripts/install.sh` installs beside the binary: completion scripts and the help dump
/// that swift-argument-parser's `generate-manual` turns into the man page.
struct InstallArtifactTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowTheShareOptions(shell: String) async throws {
        let run = try await ShareviaProcess.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.stderr)")
        for word in ["dry-run", "unavailable", "no-fallback", "destinations"] {
            #expect(run.stdout.contains(word), "\(shell) completion lacks \(word)")
        }
    }

    @Test func theManualDumpDescribesEveryCommand() async throws {
        let run = try await ShareviaProcess.run(["--experimental-dump-help"])
        #expect(run.status == 0, "\(run.stderr)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        let names = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(Set(["share", "destinations", "image", "text"]).isSubset(of: Set(names)), "\(names)")
    }

    /// The man page lists the options the share command line reads from the declarations.
    @Test func theManualDumpListsTheDeclaredOptions() async throws {
        let run = try await ShareviaProcess.run(["--experimental-dump-help"])
        #expect(run.status == 0, "\(run.stderr)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let command = try #require(dump["command"] as? [String: Any])
        var options: [String: Set<String>] = [:]
        for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
            let name = try #require(subcommand["commandName"] as? String)
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
                if let preferred = argument["preferredName"] as? [String: Any], let long = preferred["name"] as? String
                {
                    options[name, default: []].insert(long)
                }
            }
        }
        #expect(options["share"]?.isSuperset(of: ["to", "dry-run", "sms-to", "as", "card", "help"]) == true)
        #expect(options["destinations"]?.isSuperset(of: ["json", "selection", "config", "help"]) == true)
        #expect(options["share"]?.contains("words") == false)
    }
}
