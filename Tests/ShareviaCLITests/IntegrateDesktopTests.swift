import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 29: `sharevia integrate desktop [--remove] [--dry-run]`, through the built binary in a
/// throwaway home, with Debian's `desktop-file-validate` and a real shell.
@Suite struct IntegrateDesktopTests {
    let home = TemporaryFolder("desktop-home")

    var environment: [String: String] { ["HOME": home.path] }
    var entry: String { home.file(".local/share/applications/sharevia.desktop") }
    var serviceMenu: String { home.file(".local/share/kio/servicemenus/sharevia.desktop") }
    var script: String { home.file(".local/share/nautilus/scripts/Share with sharevia") }
    var uca: String { home.file(".config/Thunar/uca.xml") }

    /// A user's uca.xml with two actions of their own, in the layout Thunar writes (mode 600).
    static let userActions = """
        <?xml version="1.0" encoding="UTF-8"?>
        <actions>
        <action>
        \t<icon>utilities-terminal</icon>
        \t<name>Open Terminal Here</name>
        \t<submenu></submenu>
        \t<unique-id>1700000000000000-1</unique-id>
        \t<command>exo-open --working-directory %f --launch TerminalEmulator</command>
        \t<description>Example for a custom action</description>
        \t<range></range>
        \t<patterns>*</patterns>
        \t<startup-notify/>
        \t<directories/>
        </action>
        <action>
        \t<icon>image-x-generic</icon>
        \t<name>Shrink &amp; keep</name>
        \t<submenu></submenu>
        \t<unique-id>1700000000000001-2</unique-id>
        \t<command>convert %f -resize 50% %f.small.png</command>
        \t<description>Half the size</description>
        \t<range></range>
        \t<patterns>*.png;*.jpg</patterns>
        \t<image-files/>
        </action>
        </actions>

        """

    func integrate(_ arguments: [String] = []) async throws -> ShareviaProcess.Run {
        try await ShareviaProcess.run(["integrate", "desktop"] + arguments, environment: environment)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// A home with things of the user's beside where sharevia writes: their own entry, config and uca.xml.
    func populate() throws {
        for folder in [".local/share/applications", ".config/Thunar", ".local/state"] {
            try FileManager.default.createDirectory(atPath: home.file(folder), withIntermediateDirectories: true)
        }
        try home.write(
            Array("[Desktop Entry]\nType=Application\nName=Mine\nExec=true\n".utf8),
            named: ".local/share/applications/mine.desktop"
        )
        try home.write(Array(Self.userActions.utf8), named: ".config/Thunar/uca.xml")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: uca)
    }

    @Test(arguments: [false, true])
    func installTwiceThenRemoveLeavesTheHomeAsItWas(populated: Bool) async throws {
        if populated { try populate() }
        let before = try await HomeListing.of(home.path)
        let first = try await integrate()
        #expect(first.status == 0, "\(first.stderr)")
        for path in [entry, serviceMenu, script, uca] {
            #expect(FileManager.default.fileExists(atPath: path), "\(path) not written")
        }
        let installed = try await HomeListing.of(home.path)
        let second = try await integrate()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged ") }, "\(second.stdout)")
        #expect(try await HomeListing.of(home.path) == installed, "the second install changed something")
        let removed = try await integrate(["--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = try await HomeListing.of(home.path)
        #expect(after == before, "before:\n\(before)\nafter:\n\(after)")
    }

    @Test func theEntryPassesDesktopFileValidate() async throws {
        let run = try await integrate()
        #expect(run.status == 0, "\(run.stderr)")
        let validator = try #require(
            try RequiredTools.paths(["desktop-file-validate": "desktop-file-utils"])["desktop-file-validate"]
        )
        let output = try await ProcessRunner().run(validator, arguments: [entry])
        #expect(output.exitStatus == 0, "\(String(decoding: output.standardOutput, as: UTF8.self)) \(output.errorText)")
        #expect(output.standardOutput.isEmpty, "\(String(decoding: output.standardOutput, as: UTF8.self))")
        let lines = try text(entry).split(separator: "\n").map(String.init)
        #expect(lines.contains("MimeType=image/png;image/jpeg;image/gif;image/webp;text/plain;"))
        #expect(lines.contains("Exec=\"\(ShareviaProcess.binary)\" share --pick --notify %F"), "\(lines)")
        #expect(lines.contains("Name=Share with sharevia"))
    }

    /// Dolphin's menu follows KDE's format, which desktop-file-validate does not know: the keys,
    /// one `[Desktop Action]` group per listed action, the executable bit, and one action per
    /// destination `sharevia destinations` calls available.
    @Test func theServiceMenuFollowsKDEsFormat() async throws {
        let run = try await integrate()
        #expect(run.status == 0, "\(run.stderr)")
        let groups = Self.groups(try text(serviceMenu))
        let main = try #require(groups["Desktop Entry"])
        #expect(main["Type"] == "Service")
        #expect(main["X-KDE-ServiceTypes"] == "KonqPopupMenu/Plugin")
        #expect(main["MimeType"] == "image/png;image/jpeg;image/gif;image/webp;text/plain;")
        let actions = try #require(main["Actions"]).split(separator: ";").map(String.init)
        #expect(Set(groups.keys) == Set(["Desktop Entry"] + actions.map { "Desktop Action \($0)" }), "\(groups.keys)")
        let binary = "\"\(ShareviaProcess.binary)\""
        #expect(groups["Desktop Action pick"]?["Exec"] == "\(binary) share --pick --notify %F")
        #expect(groups["Desktop Action pick"]?["Name"] == "Share…")
        let listed = try await ShareviaProcess.run(["destinations", "--json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdoutBytes)) as? [[String: Any]])
        let available = entries.filter { $0["available"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(!available.isEmpty && available.contains("file"))
        #expect(actions == ["pick"] + available.map { "to-\($0)" })
        for id in available {
            #expect(groups["Desktop Action to-\(id)"]?["Exec"] == "\(binary) share --to \(id) --notify %F")
        }
        #expect(try mode(serviceMenu) & 0o111 == 0o111)
    }

    /// The Nautilus script passes each selected path, one a line, as one argument: run for real,
    /// with the binary's path swapped for a program that prints its arguments.
    @Test func theNautilusScriptPassesEachSelectedPath() async throws {
        let run = try await integrate()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try mode(script) & 0o111 == 0o111)
        let printer = try home.writeExecutable("#!/bin/sh\nprintf '[%s]\\n' \"$@\"\n", named: "print-arguments")
        let copy = try text(script).replacingOccurrences(of: "'\(ShareviaProcess.binary)'", with: "'\(printer)'")
        #expect(copy != (try text(script)))
        let runnable = try home.writeExecutable(copy, named: "script-copy")
        let output = try await ProcessRunner().run(
            runnable,
            arguments: [],
            environment: ["PATH": "/usr/bin:/bin", "NAUTILUS_SCRIPT_SELECTED_FILE_PATHS": "/tmp/a b.png\n/tmp/*.txt\n"]
        )
        #expect(output.exitStatus == 0, "\(output.errorText)")
        #expect(
            String(decoding: output.standardOutput, as: UTF8.self)
                == "[share]\n[--pick]\n[--notify]\n[/tmp/a b.png]\n[/tmp/*.txt]\n"
        )
    }

    @Test func theThunarMergeKeepsTheUsersActionsAndRemoveRestoresTheirBytes() async throws {
        try populate()
        let original = try #require(FileManager.default.contents(atPath: uca))
        let run = try await integrate()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("merge sharevia's action (your 2 actions stay) into \(uca)"), "\(run.stdout)")
        let merged = try text(uca)
        // Both of the user's actions, byte for byte, and sharevia's, in a file an XML parser reads.
        for block in Self.userActions.components(separatedBy: "</action>").dropLast() {
            let action = String(block[try #require(block.range(of: "<action>")).lowerBound...]) + "</action>"
            #expect(merged.contains(action))
        }
        let parsed = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: [
                "-c",
                "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
                    + "print(r.tag, [a.findtext('unique-id') for a in r.findall('action')])",
                uca,
            ]
        )
        #expect(
            String(decoding: parsed.standardOutput, as: UTF8.self)
                == "actions ['1700000000000000-1', '1700000000000001-2', 'sharevia-integrate-desktop']\n",
            "\(parsed.errorText)"
        )
        #expect(try mode(uca) == 0o600)
        let removed = try await integrate(["--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(FileManager.default.contents(atPath: uca) == original)
        #expect(try mode(uca) == 0o600)
    }

    @Test(arguments: [
        ("<actions>\n<action><name>a</name>\n</actions>\n", "line 3"),
        ("<?xml version=\"1.0\"?>\n<actions>\n<action><name>Tom & Jerry</name></action>\n</actions>\n", "line 3"),
        ("not xml at all\n", "line 1"),
    ])
    func aMalformedUCAFileIsRefusedAndLeftAsItWas(contents: String, line: String) async throws {
        try FileManager.default.createDirectory(atPath: home.file(".config/Thunar"), withIntermediateDirectories: true)
        try home.write(Array(contents.utf8), named: ".config/Thunar/uca.xml")
        let before = try await HomeListing.of(home.path)
        let run = try await integrate()
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(uca) is not a uca.xml sharevia can change: \(line):"), "\(run.stderr)")
        #expect(run.stderr.contains("it is left as it was"), "\(run.stderr)")
        #expect(try await HomeListing.of(home.path) == before, "something was written")
    }

    @Test func aUsersOwnFileOfTheSameNameIsRefused() async throws {
        try FileManager.default.createDirectory(
            atPath: home.file(".local/share/applications"),
            withIntermediateDirectories: true
        )
        try home.write(Array("[Desktop Entry]\nName=Mine\n".utf8), named: ".local/share/applications/sharevia.desktop")
        let before = try await HomeListing.of(home.path)
        let run = try await integrate()
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(entry) exists and is not sharevia's"), "\(run.stderr)")
        #expect(try await HomeListing.of(home.path) == before)
    }

    /// A file where a folder must be stops the install before anything is written.
    @Test func aFileWhereAFolderMustBeIsRefused() async throws {
        try FileManager.default.createDirectory(atPath: home.file(".local/share"), withIntermediateDirectories: true)
        try home.write(Array("not a folder".utf8), named: ".local/share/kio")
        let before = try await HomeListing.of(home.path)
        let run = try await integrate()
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(home.file(".local/share/kio")) is not a folder"), "\(run.stderr)")
        #expect(try await HomeListing.of(home.path) == before)
    }

    @Test func removeLeavesAFileWhoseMarkerTheUserTookOut() async throws {
        let run = try await integrate()
        #expect(run.status == 0, "\(run.stderr)")
        let edited = try text(entry).replacingOccurrences(of: "X-Sharevia-Integration=desktop\n", with: "")
        try edited.write(toFile: entry, atomically: false, encoding: .utf8)
        let removed = try await integrate(["--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("leave \(entry) (it has no X-Sharevia-Integration line"), "\(removed.stdout)")
        #expect(try text(entry) == edited)
        #expect(!FileManager.default.fileExists(atPath: serviceMenu))
    }

    @Test func dryRunNamesEachFileAndWritesNothing() async throws {
        try populate()
        let before = try await HomeListing.of(home.path)
        let run = try await integrate(["--dry-run"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("dry run: nothing was written"))
        let record = home.file(".local/share/sharevia/desktop-integration.json")
        for path in [entry, serviceMenu, script, record] { #expect(run.stdout.contains("write \(path)\n"), "\(path)") }
        #expect(run.stdout.contains("merge sharevia's action (your 2 actions stay) into \(uca)\n"))
        #expect(run.stdout.contains("create folder \(home.file(".local/share/kio"))\n"))
        #expect(try await HomeListing.of(home.path) == before)
        // And for --remove, after an install.
        #expect(try await integrate().status == 0)
        let installed = try await HomeListing.of(home.path)
        let removal = try await integrate(["--remove", "--dry-run"])
        #expect(removal.status == 0, "\(removal.stderr)")
        for path in [entry, serviceMenu, script, record] {
            #expect(removal.stdout.contains("remove \(path)\n"), "\(path)")
        }
        #expect(removal.stdout.contains("take sharevia's action out of \(uca)\n"))
        #expect(try await HomeListing.of(home.path) == installed)
    }

    /// Where the applications folder keeps a mimeinfo.cache, Debian's update-desktop-database
    /// refreshes it: the entry is in it after the install, and out of it after the removal.
    @Test func anExistingMimeCacheIsRefreshed() async throws {
        try populate()
        let tool = try #require(
            try RequiredTools.paths(["update-desktop-database": "desktop-file-utils"])["update-desktop-database"]
        )
        let applications = home.file(".local/share/applications")
        _ = try await ProcessRunner().run(tool, arguments: ["--quiet", applications])
        let cache = "\(applications)/mimeinfo.cache"
        #expect(try !text(cache).contains("sharevia.desktop"))
        let before = try await HomeListing.of(home.path)
        #expect(try await integrate().status == 0)
        let refreshed = try text(cache)
        #expect(refreshed.contains("image/png=sharevia.desktop;"), "\(refreshed)")
        #expect(try await integrate(["--remove"]).status == 0)
        #expect(try await HomeListing.of(home.path) == before)
    }

    /// Without a mimeinfo.cache there, none is made (it would outlive --remove).
    @Test func noMimeCacheIsCreated() async throws {
        #expect(try await integrate().status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.file(".local/share/applications/mimeinfo.cache")))
    }

    @Test func theXDGFoldersAreRespected() async throws {
        let data = home.file("data")
        let config = home.file("conf")
        let run = try await ShareviaProcess.run(
            ["integrate", "desktop"],
            environment: ["HOME": home.path, "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config]
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(data)/applications/sharevia.desktop"))
        #expect(FileManager.default.fileExists(atPath: "\(config)/Thunar/uca.xml"))
        #expect(!FileManager.default.fileExists(atPath: entry))
    }

    /// The groups of a desktop file, each a dictionary of its keys.
    static func groups(_ text: String) -> [String: [String: String]] {
        var groups: [String: [String: String]] = [:]
        var current = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                groups[current] = [:]
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                groups[current]?[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return groups
    }
}
