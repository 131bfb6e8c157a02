import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// The config file: the YAML subset reader, every check with file, line and key, layering
/// (flag over variable over file over default), secrets by reference and the permission rule,
/// `config check` and `config path`, `--chain`, and plugins configured from it, end to end.
@Suite struct ConfigFileTests {
    let folder = TemporaryFolder("config")

    private func document(_ text: String) throws(ConfigError) -> ConfigDocument {
        try ConfigDocument(path: "/x/config.yaml", text: text)
    }

    private func writeConfig(_ text: String, mode: mode_t = 0o600) throws -> String {
        let path = try folder.write(Array(text.utf8), named: "config.yaml")
        chmod(path, mode)
        return path
    }

    @Test func readsNestedMappingsListsQuotesAndComments() throws {
        let parsed = try document(
            """
            ---
            # sharevia settings
            fallback: [clipboard, "file"]
            chains:
              story:
                - instagram   # first
                - clipboard
              quick:
              - file
            instagram:
              app_id: "1234567890"
            mastodon:
                instance: 'mastodon.social'
                limit: 500
            """
        )
        #expect(parsed.entries["fallback"]?.value == .list(["clipboard", "file"]))
        #expect(parsed.entries["chains.story"]?.value == .list(["instagram", "clipboard"]))
        #expect(parsed.entries["chains.story"]?.line == 5)
        #expect(parsed.entries["chains.quick"]?.value == .list(["file"]))
        #expect(parsed.entries["instagram.app_id"]?.value == .scalar("1234567890"))
        #expect(parsed.entries["mastodon.instance"]?.value == .scalar("mastodon.social"))
        #expect(parsed.entries["mastodon.limit"]?.line == 14)
    }

    @Test(arguments: [
        ("a:\n\tb: 1", 2, "tab"),
        ("a: 1\na: 2", 2, "set twice"),
        ("a:\n  b: 1\n c: 2", 3, "indented differently"),
        ("a: &x 1", 1, "YAML feature"),
        ("a: |\n  text", 1, "YAML feature"),
        ("a: [1, 2", 1, "doesn't end with ']'"),
        ("a: \"open", 1, "never closed"),
        ("a:", 1, "has no value"),
        ("a: ~", 1, "null"),
        ("- x", 1, "list item where a key was expected"),
        ("a:\n  - x\n  - b: c\n", 3, "list"),
        ("just text", 1, "not 'key: value'"),
        ("a: 1\n---\nb: 2", 2, "another YAML document"),
    ])
    func refusesWhatItDoesNotReadWithItsLine(_ text: String, line: Int, words: String) throws {
        do {
            _ = try document(text)
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(words), "\(error)")
            #expect(error.description.hasPrefix("/x/config.yaml:\(line): "))
        }
    }

    @Test func checksEveryKeyAndReportsAllProblemsAtOnce() async throws {
        let path = try writeConfig(
            """
            instagram:
              appid: "123"
            share:
              retries: 11
            output:
              folder: relative/path
            fallback: [clipboard, "Not An Id"]
            clipboard:
              verify: maybe
            """
        )
        let run = try await ShareviaConfigCheck.run(config: path)
        #expect(run.status == 64)
        #expect(
            run.stderr.contains(
                "\(path):2: instagram.appid is not a setting sharevia knows (did you mean 'instagram.app_id'?)"
            )
        )
        #expect(run.stderr.contains("\(path):4: share.retries must be a whole number from 0 to 10"))
        #expect(run.stderr.contains("\(path):6: output.folder must be an absolute path"))
        #expect(run.stderr.contains("\(path):7: fallback must be a list of destination ids"))
        #expect(run.stderr.contains("\(path):9: clipboard.verify must be true or false"))
    }

    @Test func layeringIsFlagThenVariableThenFileThenDefault() async throws {
        let path = try writeConfig(
            """
            mastodon:
              instance: file.example
              limit: 1000
            share:
              retries: 4
            """
        )
        let config = try ConfigLocation.load(flag: path, environment: .init(["HOME": folder.path]))
        let environment = ShareEnvironment()
        var settings = RouterSettings(configFile: path).layered(over: config, environment: environment)
        #expect(settings.shareValues(environment: environment).retries == 4)
        #expect(settings.reader(environment: environment).text(MastodonDestination.Settings.instance) == "file.example")
        settings = RouterSettings(retries: 1, configFile: path).layered(over: config, environment: environment)
        #expect(settings.shareValues(environment: environment).retries == 1)

        // Through the binary: the file, then a variable over it, then a flag over both.
        let base = ["--to", "mastodon", "--text", "hi", "--dry-run", "--json", "--config", path]
        func instanceShown(_ extra: [String], _ environment: [String: String]) async throws -> String {
            let run = try await ShareviaProcess.run(base + extra, environment: environment)
            return run.stdout
        }
        #expect(try await instanceShown([], [:]).contains("https://file.example/share"))
        #expect(
            try await instanceShown([], ["SHAREVIA_MASTODON_INSTANCE": "env.example"]).contains(
                "https://env.example/share"
            )
        )
        #expect(
            try await instanceShown(
                ["--mastodon-instance", "flag.example"],
                ["SHAREVIA_MASTODON_INSTANCE": "env.example"]
            )
            .contains("https://flag.example/share")
        )
    }

    @Test func namedChainsAndTheDefaultFallbackComeFromTheFile() async throws {
        let path = try writeConfig(
            """
            fallback: [file]
            chains:
              story: [instagram, clipboard, file]
            """
        )
        let story = try await ShareviaProcess.run([
            "--chain", "story", "--text", "hi", "--dry-run", "--json", "--config", path,
        ])
        let ids =
            try #require(try JSONSerialization.jsonObject(with: Data(story.stdoutBytes)) as? [String: Any])[
                "destinations"
            ] as? [[String: Any]]
        #expect(
            ids?.compactMap { $0["destination"] as? String } == ["instagram", "clipboard", "file"],
            "\(story.stdout)"
        )
        let tail = try await ShareviaProcess.run(["--to", "x", "--text", "hi", "--dry-run", "--json", "--config", path])
        let tailIDs =
            try #require(try JSONSerialization.jsonObject(with: Data(tail.stdoutBytes)) as? [String: Any])[
                "destinations"
            ] as? [[String: Any]]
        #expect(tailIDs?.compactMap { $0["destination"] as? String } == ["x", "file"], "\(tail.stdout)")
        let unknown = try await ShareviaProcess.run(["--chain", "nope", "--text", "hi", "--config", path])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--chain 'nope' is not in \(path); its chains: story"))
        let both = try await ShareviaProcess.run(["--chain", "story", "--to", "x", "--text", "hi", "--config", path])
        #expect(both.status == 64)
    }

    @Test func aSecretWrittenInlineNeedsAFileOnlyItsOwnerCanRead() async throws {
        let canary = "canary-\(UInt64.random(in: 1...UInt64.max))"
        let text = "plugins:\n  settings:\n    webhook:\n      url: https://hooks.example.org\n      token: \(canary)\n"
        let path = try writeConfig(text, mode: 0o644)
        let refused = try await ShareviaConfigCheck.run(config: path)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("\(path):5: plugins.settings.webhook.token is a secret written inline"))
        #expect(refused.stderr.contains("chmod 600 \(path)"))
        chmod(path, 0o600)
        let accepted = try await ShareviaConfigCheck.run(config: path)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.table.contains("plugins.settings.webhook.token = <redacted> (file:5, inline)"))
        #expect(accepted.table.contains("plugins.settings.webhook.url = https://hooks.example.org (file:4)"))
        for run in [refused, accepted] { #expect(!(run.stdout + run.stderr).contains(canary)) }
    }

    @Test func secretsByVariableAndByFile() async throws {
        let canary = "canary-\(UInt64.random(in: 1...UInt64.max))"
        let secretFile = try folder.write(Array((canary + "\n").utf8), named: "token")
        chmod(secretFile, 0o644)
        let path = try writeConfig(
            "plugins:\n  settings:\n    a:\n      token_env: A_TOKEN\n    b:\n      api_key_file: \(secretFile)\n",
            mode: 0o644
        )
        let loose = try await ShareviaConfigCheck.run(config: path, environment: ["A_TOKEN": canary])
        #expect(loose.status == 64)
        #expect(
            loose.stderr.contains(
                "\(path):6: plugins.settings.b.api_key_file names \(secretFile), which group or others can read; run 'chmod 600 \(secretFile)'"
            )
        )
        chmod(secretFile, 0o600)
        let unset = try await ShareviaConfigCheck.run(config: path)
        #expect(
            unset.stderr.contains(
                "\(path):4: plugins.settings.a.token_env names the variable A_TOKEN, which is not set"
            )
        )
        let good = try await ShareviaConfigCheck.run(config: path, environment: ["A_TOKEN": canary])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.table.contains("plugins.settings.a.token = <redacted> (file:4, env A_TOKEN)"), "\(good.stdout)")
        #expect(good.table.contains("plugins.settings.b.api_key = <redacted> (file:6, file \(secretFile))"))
        let json = try await ShareviaConfigCheck.run(config: path, environment: ["A_TOKEN": canary], json: true)
        for run in [loose, unset, good, json] { #expect(!(run.stdout + run.stderr).contains(canary)) }
        let config = try ConfigLocation.load(flag: path, environment: .init(["A_TOKEN": canary]))
        #expect(config.pluginSecrets["a"]?["token"]?.revealed() == canary)
        #expect(config.pluginSecrets["b"]?["api_key"]?.revealed() == canary)
    }

    @Test func emailAndSMSSettingsComeFromTheFileAndThePasswordStaysSecret() async throws {
        let canary = "canary-\(UInt64.random(in: 1...UInt64.max))"
        let path = try writeConfig(
            """
            email:
              smtp_url: smtp://127.0.0.1:9
              from: Me <me@example.org>
              to: [friend@example.org, other@example.org]
              user: me
              password_env: MY_SMTP_PASSWORD
            sms:
              to: [+14155550123]
              smart_encoding: true
            """
        )
        let environment = ["MY_SMTP_PASSWORD": canary]
        let email = try await ShareviaProcess.run(
            ["--to", "email", "--text", "hi", "--dry-run", "--config", path],
            environment: environment
        )
        #expect(
            email.stdout.contains("friend@example.org") && email.stdout.contains("other@example.org"),
            "\(email.stdout)"
        )
        let sms = try await ShareviaProcess.run(
            ["--to", "sms", "--text", "It’s day 7", "--dry-run", "--config", path],
            environment: environment
        )
        #expect(sms.stdout.contains("GSM-7"), "\(sms.stdout)")  // smart encoding from the file
        let check = try await ShareviaConfigCheck.run(
            config: path,
            environment: environment.merging(["SHAREVIA_SMTP_PASSWORD": canary + "-env"]) { $1 }
        )
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.table.contains("email.password = <redacted> (env SHAREVIA_SMTP_PASSWORD)"), "\(check.stdout)")
        #expect(check.table.contains("email.to = [friend@example.org, other@example.org] (file:4)"))
        #expect(check.table.contains("sms.smart_encoding = true (file:9)"))
        for run in [email, sms, check] { #expect(!(run.stdout + run.stderr).contains(canary)) }
        let config = try ConfigLocation.load(flag: path, environment: .init(environment))
        #expect(config.secrets["email.password"]?.revealed() == canary)
        #expect(config.values["email.smtp_url"]?.text == "smtp://127.0.0.1:9")
    }

    /// `email.max_attachment_mib` sets email's attachment limit; the flag beats it.
    @Test func emailsAttachmentLimitComesFromTheFileUnlessTheFlagGivesOne() async throws {
        let path = try writeConfig("email:\n  max_attachment_mib: 2\n")
        let fromFile = try await ShareviaProcess.run(["--to", "email", "--text", "hi", "--dry-run", "--config", path])
        #expect(fromFile.stdout.contains("2097152 bytes"), "\(fromFile.stdout)")
        let fromFlag = try await ShareviaProcess.run(
            ["--to", "email", "--text", "hi", "--dry-run", "--config", path, "--email-max-attachment-mib", "3"]
        )
        #expect(fromFlag.stdout.contains("3145728 bytes"), "\(fromFlag.stdout)")
        let wrong = try writeConfig("email:\n  max_attachment_mib: 0\n")
        let check = try await ShareviaConfigCheck.run(config: wrong, environment: [:])
        #expect(check.status == 64, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("email.max_attachment_mib"), "\(check.stderr)")
    }

    @Test func configPathFollowsFlagVariableAndXDG() async throws {
        let xdg = try await ShareviaProcess.run(["config", "path"], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(xdg.stdout == "\(folder.path)/sharevia/config.yaml\n")
        #expect(xdg.stderr.contains("does not exist yet"))
        let named = try await ShareviaProcess.run(["config", "path"], environment: ["SHAREVIA_CONFIG": "/etc/x.yaml"])
        #expect(named.stdout == "/etc/x.yaml\n")
        let missing = try await ShareviaProcess.run([
            "--to", "file", "--text", "hi", "--config", folder.file("none.yaml"),
        ])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("none.yaml: does not exist (named by --config)"))
        let check = try await ShareviaConfigCheck.run(config: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("share.retries") && check.stdout.contains("(default)"))
    }

    @Test func pluginsConfiguredInTheFileShareEndToEndAndFallBack() async throws {
        let canary = "canary-\(UInt64.random(in: 1...UInt64.max))"
        let plugins = folder.file("data/sharevia/plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let source = PackageRoot.path + "/examples/plugins/sharevia-dest-outbox"
        try FileManager.default.copyItem(atPath: source, toPath: plugins + "/sharevia-dest-outbox")
        try FileManager.default.createDirectory(atPath: folder.file("more"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: folder.file("more/sharevia-dest-failing"))
        try FileManager.default.copyItem(atPath: source, toPath: folder.file("more/sharevia-dest-file"))
        let path = try writeConfig(
            """
            plugins:
              folders: [\(folder.file("more"))]
              settings:
                outbox:
                  folder: \(folder.file("outbox"))
                  token_env: OUTBOX_TOKEN
                failing:
                  fail: transient
            share:
              retries: 0
            """
        )
        let environment = [
            "XDG_DATA_HOME": folder.file("data"), "XDG_CACHE_HOME": folder.file("cache"), "OUTBOX_TOKEN": canary,
        ]
        let card = PackageRoot.exampleCard
        let shared = try await ShareviaProcess.run(
            ["--to", "outbox", card, "--text", "hi", "--config", path, "--json"],
            environment: environment
        )
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(
            shared.stdout.contains(#""outcome" : "delivered""#) || shared.stdout.contains(#""outcome":"delivered""#),
            "\(shared.stdout)"
        )
        let outbox = try FileManager.default.contentsOfDirectory(atPath: folder.file("outbox"))
        #expect(outbox.count == 1)
        let written = try String(contentsOfFile: folder.file("outbox/\(outbox[0])/share.json"), encoding: .utf8)
        #expect(written.contains(canary))  // the plugin got its secret on stdin

        let fellBack = try await ShareviaProcess.run(
            [
                "--to", "failing", "--text", "hi", "--fallback", "file", "--out", folder.file("out"), "--config", path,
                "-v",
            ],
            environment: environment
        )
        #expect(fellBack.status == 3, "\(fellBack.stderr)")
        #expect(fellBack.stderr.contains("failing: transient failure"), "\(fellBack.stderr)")
        #expect(fellBack.stderr.contains("log: outbox: failing on purpose (transient)"), "\(fellBack.stderr)")
        #expect(fellBack.stderr.contains("delivered by fallback file"))

        let listing = try await ShareviaProcess.run(["destinations", "--config", path], environment: environment)
        #expect(listing.stdout.contains("plugin: \(plugins)/sharevia-dest-outbox"))
        #expect(listing.stdout.contains("plugin: \(folder.file("more"))/sharevia-dest-failing"))
        #expect(listing.stdout.contains("its id 'file' is taken by the built-in 'file'"))
        let check = try await ShareviaConfigCheck.run(config: path, environment: environment)
        for run in [shared, fellBack, listing, check] { #expect(!(run.stdout + run.stderr).contains(canary)) }
    }
}

/// Runs `sharevia config check` for the tests above.
enum ShareviaConfigCheck {
    static func run(
        config: String?,
        environment: [String: String] = [:],
        json: Bool = false
    ) async throws -> ShareviaProcess.Run {
        let arguments = ["config", "check"] + (config.map { ["--config", $0] } ?? []) + (json ? ["--json"] : [])
        return try await ShareviaProcess.run(arguments, environment: environment)
    }
}

extension ShareviaProcess.Run {
    /// Standard output with runs of spaces (the table's padding) as one.
    var table: String { stdout.replacingOccurrences(of: " +", with: " ", options: .regularExpression) }
}
