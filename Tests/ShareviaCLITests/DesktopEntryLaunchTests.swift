import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import ShareviaCLI

/// The `Exec` quoting of `sharevia integrate desktop`'s entry, checked by real readers of the
/// Desktop Entry format: Debian's `desktop-file-validate`, and GLib's `gio launch`, which runs the
/// entry as a file manager's "Open With" does.
@Suite struct DesktopEntryLaunchTests {
    let folder = TemporaryFolder("desktop-launch")

    /// A program at `folder/<odd>/sharevia` that writes its arguments, one a line, to `args`.
    func printer(in odd: String) throws -> String {
        let directory = folder.file(odd)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try folder.writeExecutable(
            "#!/bin/sh\nprintf '[%s]\\n' \"$@\" > \"$0.args\"\n",
            named: "\(odd)/sharevia"
        )
    }

    /// GLib splits the entry's Exec back into the binary's exact path, and passes each file whole.
    /// (A `%` in the binary's path is quoted as the specification says, `%%`, but GLib refuses to
    /// load such an entry, so it is left to the validator below.)
    @Test(arguments: ["my apps", "a\"b", "a$c", "a`d", "a\\e", "a's", "déjà vu"])
    func gioLaunchesTheBinaryAtAnOddPath(odd: String) async throws {
        let gio = try #require(try RequiredTools.paths(["gio": "libglib2.0-bin"])["gio"])
        let binary = try printer(in: odd)
        let entry = DesktopIntegrationTexts(binary: binary, destinations: []).desktopEntry
        let path = try folder.write(Array(entry.utf8), named: "sharevia.desktop")
        let picture = try folder.write(Array("x".utf8), named: "a b $(x).png")
        let launch = try await ProcessRunner().run(
            gio,
            arguments: ["launch", path, picture],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        )
        #expect(launch.exitStatus == 0, "\(launch.errorText)")
        // gio starts the program and returns; wait for what it wrote (a hang guard, not a bound).
        let written = binary + ".args"
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: written) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(100))
        let arguments = try String(contentsOfFile: written, encoding: .utf8)
        #expect(arguments == "[share]\n[--pick]\n[--notify]\n[\(picture)]\n")
    }

    /// A binary at a path with `%` is integrated (its entry is valid), with a warning that GLib
    /// won't load it.
    @Test func aPercentInTheBinarysPathIsWarnedAbout() async throws {
        let directory = folder.file("100% sharevia")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let copy = directory + "/sharevia"
        try FileManager.default.copyItem(atPath: ShareviaProcess.binary, toPath: copy)
        let output = try await ProcessRunner().run(
            copy,
            arguments: ["integrate", "desktop", "--dry-run"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": folder.file("home")],
            timeout: .seconds(60)
        )
        let said = output.errorText
        #expect(output.exitStatus == 0, "\(said)")
        #expect(said.contains("warning: the sharevia binary's path \(copy) holds '%'"), "\(said)")
    }

    @Test func theValidatorAcceptsTheQuotingOfEveryReservedCharacter() async throws {
        let validator = try #require(
            try RequiredTools.paths(["desktop-file-validate": "desktop-file-utils"])["desktop-file-validate"]
        )
        let binary = folder.file(#"my apps/a"b$c`d\e%f's;<>|&*?#()~/sharevia"#)
        let entry = DesktopIntegrationTexts(binary: binary, destinations: []).desktopEntry
        let path = try folder.write(Array(entry.utf8), named: "sharevia.desktop")
        let output = try await ProcessRunner().run(validator, arguments: [path])
        let said = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(output.exitStatus == 0 && said.isEmpty, "\(said) \(output.errorText)")
    }
}
