import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 28, "A mistyped command is not a share": through the built binary, a first word that
/// names no command and no file is answered as git and gh answer it, and an unknown `--to` id
/// gets a suggestion, the installed plugins and where plugins are looked for.
@Suite struct MistypedCommandTests {
    let folder = TemporaryFolder("mistyped")

    @Test(
        arguments: [
            (["destination"], "unknown command 'destination'; did you mean 'destinations'?"),
            (["cards", "render", "spec.json"], "unknown command 'cards'; did you mean 'card'?"),
            (["histroy"], "unknown command 'histroy'; did you mean 'history'?"),
            (["confgi", "check"], "unknown command 'confgi'; did you mean 'config'?"),
        ] as [([String], String)]
    )
    func aMistypedCommandGetsTheCommandItMeant(arguments: [String], message: String) async throws {
        let run = try await ShareviaProcess.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == "Error: \(message)\n  See 'sharevia --help' for the commands.\n", "\(run.stderr)")
        #expect(!run.stderr.contains("--to needs at least one destination"))
    }

    @Test func aWordThatIsNeitherACommandNorAFileListsTheCommands() async throws {
        let run = try await ShareviaProcess.run(["frobnicate"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: unknown command 'frobnicate', and no file is named frobnicate; the commands are share, destinations, "
            )
        )
        // With --to it is a share of a missing file, as before.
        let share = try await ShareviaProcess.run(["frobnicate", "--to", "file", "--dry-run"])
        #expect(share.status == 64)
        #expect(share.stderr.contains("frobnicate"))
        #expect(!share.stderr.contains("unknown command"))
    }

    @Test func aFileNamedLikeACommandIsStillShared() async throws {
        _ = try folder.write(Array("notes".utf8), named: "destination")
        // Run in the folder, so the bare word names the file there.
        let run = try await ProcessRunner().run(
            "/bin/sh",
            arguments: [
                "-c", #"cd "$1" && exec "$2" destination --to file --out out"#, "sh", folder.path,
                ShareviaProcess.binary,
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "SHAREVIA_NO_HISTORY": "1",
                "XDG_STATE_HOME": folder.file("state"),
            ]
        )
        #expect(run.exitStatus == 0, "\(run.errorText)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/destination")))
    }

    @Test func configComesBeforeOrAfterTheCommand() async throws {
        let config = try folder.write(Array("share:\n  timeout: 12\n".utf8), named: "config.yaml")
        for arguments in [
            ["--config", config, "config", "check"], ["config", "check", "--config", config],
            ["--config=\(config)", "config", "check"],
        ] {
            let run = try await ShareviaProcess.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains(config), "\(arguments): \(run.stdout)")
        }
        let bad = try await ShareviaProcess.run(["--config", folder.file("missing.yaml"), "config", "check"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("missing.yaml"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("--to needs at least one destination"))
    }

    @Test func anUnknownDestinationSuggestsAndListsThePlugins() async throws {
        let sandbox = try PluginSandbox("mistyped-plugins")
        try sandbox.install(id: "pager", describe: PluginSandbox.describe(), deliver: "exit 0")
        let run = try await ShareviaProcess.run(
            ["--to", "mastodn", "--text", "hi", "--dry-run"],
            environment: sandbox.environment()
        )
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("error: unknown destination 'mastodn'; did you mean 'mastodon'? Known destinations: ")
        )
        #expect(
            run.stderr.contains(
                "; installed plugins: pager; a plugin is an executable named sharevia-dest-<id> in \(sandbox.plugins)"
            ),
            "\(run.stderr)"
        )
        let none = try await ShareviaProcess.run(
            ["--to", "nope", "--text", "hi", "--dry-run"],
            environment: ["HOME": folder.path]
        )
        #expect(none.status == 64)
        #expect(!none.stderr.contains("did you mean"))
        #expect(
            none.stderr.contains(
                "; installed plugins: none; a plugin is an executable named sharevia-dest-<id> in \(folder.path)/.local/share/sharevia/plugins"
            )
        )
    }

    @Test func aMistypedThemeOrKindGetsTheOneItMeant() async throws {
        let spec = "\(PackageRoot.path)/examples/cards/streak.json"
        let theme = try await ShareviaProcess.run([
            "card", "render", spec, "--theme", "midnite", "-o", folder.file("a.png"),
        ])
        #expect(theme.status == 64)
        #expect(
            theme.stderr.hasPrefix(
                "Error: --theme 'midnite' is not a theme; did you mean 'midnight'? use one of: dark,"
            ),
            "\(theme.stderr)"
        )
        let original = try String(contentsOfFile: spec, encoding: .utf8)
        for (mistake, meant) in [("\"kind\": \"streek\"", "streak"), ("\"theme\": \"drak\"", "dark")] {
            var text = original.replacing(
                /"kind": "streak"/,
                with: mistake.hasPrefix("\"kind") ? mistake : "\"kind\": \"streak\""
            )
            if mistake.hasPrefix("\"theme") { text = text.replacing(/"theme": "[a-z]+"/, with: mistake) }
            let path = try folder.write(Array(text.utf8), named: "\(meant).json")
            let run = try await ShareviaProcess.run(["card", "render", path, "-o", folder.file("\(meant).png")])
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("(did you mean '\(meant)'?)"), "\(run.stderr)")
        }
    }

    @Test func anUnknownUnavailableIdGetsTheOneItMeant() async throws {
        let run = try await ShareviaProcess.run([
            "--to", "file", "--text", "hi", "--dry-run", "--unavailable", "clipbaord",
        ])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("error: --unavailable names unknown destination 'clipbaord'. Known destinations: ")
        )
        #expect(run.stderr.hasSuffix("(run 'sharevia destinations'); did you mean 'clipboard'?\n"), "\(run.stderr)")
    }

    @Test func aDestinationGivenAsACommandIsShownWithTo() async throws {
        let run = try await ShareviaProcess.run(["mastodon", "--text", "Day 7 done"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: 'mastodon' is a destination, not a command; name it with --to: sharevia --to mastodon --text \"Day 7 done\"\n"
            ),
            "\(run.stderr)"
        )
    }
}
