import ArgumentParser
import Foundation
import Testing

@testable import ShareviaCLI

/// The help screens, pinned verbatim so a changed flag shows up in review. To accept a change,
/// run the test with SHAREVIA_UPDATE_HELP=1 and commit the new fixture.
@Suite struct HelpScreenTests {
    @Test(arguments: ["share", "destinations"])
    func helpScreenIsPinned(command: String) throws {
        let type: any ParsableCommand.Type = command == "share" ? ShareCommand.self : DestinationsCommand.self
        let help = ShareviaCommand.helpMessage(for: type, columns: 100) + "\n"
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-\(command).txt"
        if ProcessInfo.processInfo.environment["SHAREVIA_UPDATE_HELP"] == "1" {
            try help.write(toFile: fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: fixture, encoding: .utf8)
        #expect(help == pinned, "help for '\(command)' changed; rerun with SHAREVIA_UPDATE_HELP=1 to accept")
    }

    @Test func helpListsExitCodesAndExamples() {
        let help = ShareviaCommand.helpMessage(for: ShareCommand.self)
        #expect(help.contains("EXIT CODES"))
        #expect(help.contains("sharevia --to clipboard card.png"))
        #expect(help.contains("--dry-run"))
    }
}
