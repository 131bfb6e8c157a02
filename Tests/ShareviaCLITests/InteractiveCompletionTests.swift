import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 28: completion as a person at a terminal meets it, in a real interactive bash and zsh on
/// a pseudo-terminal (Fixtures/complete-driver.py presses TAB), and in fish's own completion
/// engine (`complete -C`).
@Suite struct InteractiveCompletionTests {
    let folder = TemporaryFolder("interactive-completion")

    /// What each line showed after TAB, in an interactive `shell` (bash or zsh) with sharevia on
    /// its PATH, a plugin `pager` installed, and `card.png` in its folder.
    private func tab(_ lines: [String], in shell: String = "bash") async throws -> [String] {
        let script = try await ShareviaProcess.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.stderr)")
        let path = try folder.write(script.stdoutBytes, named: "sharevia.\(shell)")
        let work = folder.file("work")
        let plugins = folder.file("data/sharevia/plugins")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackageRoot.exampleCard, toPath: "\(work)/card.png")
        try FileManager.default.copyItem(
            atPath: "\(PackageRoot.path)/examples/cards/streak.json",
            toPath: "\(work)/streak.json"
        )
        let plugin = "\(plugins)/sharevia-dest-pager"
        try "#!/bin/sh\nexit 1\n".write(toFile: plugin, atomically: true, encoding: .utf8)
        chmod(plugin, 0o755)
        let bin = URL(fileURLWithPath: ShareviaProcess.binary).deletingLastPathComponent().path
        let run = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/complete-driver.py"]
                + (shell == "zsh" ? ["--zsh"] : []) + [path, work] + lines,
            environment: [
                "PATH": "\(bin):/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.file("data"),
                "TERM": "dumb", "LANG": "C.UTF-8", "SHAREVIA_NO_HISTORY": "1",
            ],
            timeout: .seconds(300)
        )
        #expect(run.succeeded, "\(run.errorText)")
        let shown = try JSONSerialization.jsonObject(with: Data(run.standardOutput)) as? [String]
        return try #require(shown, "\(String(decoding: run.standardOutput, as: UTF8.self))")
    }

    @Test func bashCompletesWhatAPersonTypes() async throws {
        let cases: [(line: String, shows: [String])] = [
            // The share command's options at the top level, where it is the default.
            ("sharevia --to x --te", ["--text"]),
            ("sharevia --to x --dry", ["--dry-run"]),
            ("sharevia share --te", ["--text"]),
            // Destination ids, the installed plugin's too, after --to, --fallback and --unavailable.
            ("sharevia --to ", ["mastodon", "bluesky", "clipboard", "pager"]),
            ("sharevia --to x --fallback cl", ["clipboard"]),
            ("sharevia destinations --unavailable blu", ["bluesky"]),
            ("sharevia --to pa", ["pager"]),
            // Files where files go.
            ("sharevia --to file ca", ["card.png"]),
            ("sharevia share --to file --card str", ["streak.json"]),
            ("sharevia card render str", ["streak.json"]),
            ("sharevia card render streak.json -o ca", ["card.png"]),
            ("sharevia image inspect ca", ["card.png"]),
            // Themes for cards, kinds for shares.
            ("sharevia card render streak.json --theme mid", ["midnight"]),
            ("sharevia --to x --kind lev", ["level-up"]),
            // A choice, as before.
            ("sharevia --to clipboard --selection pr", ["primary"]),
        ]
        let shown = try await tab(cases.map(\.line))
        try #require(shown.count == cases.count, "\(shown)")
        for (index, item) in cases.enumerated() {
            for word in item.shows {
                #expect(shown[index].contains(word), "'\(item.line)<TAB>' showed: \(shown[index].debugDescription)")
            }
        }
    }

    @Test func zshCompletesWhatAPersonTypes() async throws {
        let cases: [(line: String, shows: String)] = [
            // The share command's options at the top level, where it is the default.
            ("sharevia --to x --te", "--text "),
            ("sharevia --to x --dry", "--dry-run "),
            ("sharevia share --te", "--text "),
            // Destination ids (asking sharevia, so the installed plugin counts), files, kinds.
            ("sharevia --to cl", "--to clipboard "),
            ("sharevia --to pa", "--to pager "),
            ("sharevia --to file ca", "card.png "),
            ("sharevia --to x --kind lev", "level-up "),
            // --version at the top level is still the top level's.
            ("sharevia --vers", "--version "),
        ]
        let shown = try await tab(cases.map(\.line), in: "zsh")
        try #require(shown.count == cases.count, "\(shown)")
        for (index, item) in cases.enumerated() {
            #expect(shown[index].contains(item.shows), "'\(item.line)<TAB>' showed: \(shown[index].debugDescription)")
        }
    }

    @Test func fishCompletesTheShareOptionsAtTheTopLevel() async throws {
        let script = try await ShareviaProcess.run(["--generate-completion-script", "fish"])
        #expect(script.status == 0, "\(script.stderr)")
        let path = try folder.write(script.stdoutBytes, named: "sharevia.fish")
        let cases: [(line: String, shows: String?, hides: String?)] = [
            ("sharevia --to x --te", "--text", nil),
            ("sharevia --to x --dry", "--dry-run", nil),
            ("sharevia share --te", "--text", nil),
            ("sharevia --to x --kind lev", "level-up", nil),
            ("sharevia --ver", "--version", nil),
            // A subcommand's line is still the subcommand's.
            ("sharevia destinations --te", nil, "--text"),
        ]
        let bin = URL(fileURLWithPath: ShareviaProcess.binary).deletingLastPathComponent().path
        for item in cases {
            let run = try await ProcessRunner().run(
                "/usr/bin/fish",
                arguments: ["--no-config", "-c", "source \(path); complete -C '\(item.line)'"],
                environment: ["PATH": "\(bin):/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"],
                timeout: .seconds(120)
            )
            #expect(run.succeeded, "\(run.errorText)")
            let words = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
                .map { String($0.prefix { $0 != "\t" }) }
            if let shows = item.shows { #expect(words.contains(shows), "'\(item.line)' offered \(words)") }
            if let hides = item.hides { #expect(!words.contains(hides), "'\(item.line)' offered \(words)") }
        }
    }

    /// zsh and fish: their scripts complete files, destination ids (asking sharevia, so plugins
    /// count), card themes and share kinds.
    @Test(arguments: ["zsh", "fish"])
    func zshAndFishScriptsCompleteTheSame(shell: String) async throws {
        let run = try await ShareviaProcess.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.stderr)")
        let script = run.stdout
        let custom = "---completion share -- --to"
        #expect(script.contains(custom), "\(shell): --to doesn't ask sharevia for destination ids")
        #expect(script.contains("---completion share -- --fallback"), "\(shell): --fallback")
        #expect(script.contains("---completion share -- --unavailable"), "\(shell): --unavailable")
        for theme in ["midnight", "forest"] { #expect(script.contains(theme), "\(shell): theme \(theme)") }
        #expect(script.contains("level-up"), "\(shell): kind")
        if shell == "zsh" {
            #expect(script.contains("'*:file:_files'"), "zsh: the share's files complete no file")
            #expect(script.contains("]:spec.json:_files'"), "zsh: --card completes no file")
        } else {
            let card = script.split(separator: "\n").first { $0.contains(" -l 'card' ") }
            #expect(card?.hasSuffix(" -rF") == true, "fish: --card completes no file: \(card ?? "")")
        }
        // And what they run answers: the ids, with an installed plugin.
        let plugins = folder.file("data/sharevia/plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let plugin = "\(plugins)/sharevia-dest-pager"
        try "#!/bin/sh\nexit 1\n".write(toFile: plugin, atomically: true, encoding: .utf8)
        chmod(plugin, 0o755)
        let ids = try await ShareviaProcess.run(
            ["---completion", "share", "--", "--to", "0", "0"],
            environment: ["XDG_DATA_HOME": folder.file("data"), "SAP_SHELL": shell]
        )
        #expect(ids.status == 0, "\(ids.stderr)")
        let listed = ids.stdout.split(separator: "\n").map(String.init)
        #expect(Set(["x", "mastodon", "clipboard", "file", "pager"]).isSubset(of: Set(listed)), "\(listed)")
    }
}
