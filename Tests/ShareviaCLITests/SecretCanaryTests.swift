import Foundation
import TestSupport
import Testing

/// A canary secret never reaches any output of the built binary: stdout and stderr of a share,
/// `--json`, `--dry-run`, `-v`, `destinations` and `config check`, whether it was written into an
/// SMTP URL, inline in a readable config under any spelling, echoed back by a plugin, or read by
/// a plugin from `/proc/$PPID/environ`.
@Suite struct SecretCanaryTests {
    static func canary() -> String { "CANARY-7f3a\(UInt64.random(in: 1...UInt64.max))" }

    /// Runs every command that shows settings or reports with `arguments` added to the share.
    static func everyOutput(
        _ sandbox: PluginSandbox,
        to destinations: String,
        config: String? = nil,
        share arguments: [String] = [],
        environment: [String: String] = [:]
    ) async throws -> [(String, ShareviaProcess.Run)] {
        let configuration = config.map { ["--config", $0] } ?? []
        let share =
            ["--to", destinations, "--text", "hi", "--out", sandbox.folder.file("out")] + arguments + configuration
        let environment = sandbox.environment(environment)
        var runs: [(String, ShareviaProcess.Run)] = []
        for (name, extra) in [("share", []), ("--json", ["--json"]), ("--dry-run", ["--dry-run"]), ("-v", ["-v"])] {
            runs.append((name, try await ShareviaProcess.run(share + extra, environment: environment)))
        }
        runs.append(
            ("destinations", try await ShareviaProcess.run(["destinations"] + configuration, environment: environment))
        )
        for json in [false, true] {
            let check = ["config", "check"] + configuration + (json ? ["--json"] : [])
            runs.append(("config check", try await ShareviaProcess.run(check, environment: environment)))
        }
        return runs
    }

    static func expectNoCanary(_ canary: String, in runs: [(String, ShareviaProcess.Run)]) {
        for (name, run) in runs {
            #expect(
                !(run.stdout + run.stderr).contains(canary),
                "\(name) printed the secret:\n\(run.stdout)\(run.stderr)"
            )
        }
    }

    /// A password as people type it: plain, or with a `/`, `#` or `?` that ends a URL's
    /// authority (`pa/ss` once slipped past the redaction).
    @Test(arguments: ["", "pa/ss-", "p#w-", "q?x-"])
    func aPasswordInAnSMTPURLNeverShows(prefix: String) async throws {
        let sandbox = try PluginSandbox("canary-smtp")
        let canary = Self.canary()
        let url = "smtp://me:\(prefix)\(canary)@127.0.0.1:9"
        let email = ["--email-to", "friend@example.org", "--email-from", "me@example.org"]
        let flag = try await Self.everyOutput(sandbox, to: "email,file", share: email + ["--smtp", url])
        Self.expectNoCanary(canary, in: flag)
        #expect(flag[0].1.output.contains("not shown: it holds an @"), "\(flag[0].1.output)")
        let variable = try await Self.everyOutput(
            sandbox,
            to: "email,file",
            share: email,
            environment: ["SHAREVIA_SMTP_URL": url]
        )
        Self.expectNoCanary(canary, in: variable)
        let config = try sandbox.folder.write(Array("email:\n  smtp_url: \(url)\n".utf8), named: "smtp.yaml")
        let file = try await Self.everyOutput(sandbox, to: "email,file", config: config, share: email)
        Self.expectNoCanary(canary, in: file)
        let check = file.last!.1
        #expect(check.status == 64)
        #expect(check.stderr.contains("smtp.yaml:2: email.smtp_url holds a user and password"), "\(check.stderr)")
    }

    @Test(arguments: [
        "Token: VALUE", "passwd: VALUE", "apikey: VALUE", "API-Key: VALUE", "token:\n        value: VALUE",
    ])
    func aSecretInlineInAReadableConfigIsRefusedUnderAnySpelling(_ line: String) async throws {
        let sandbox = try PluginSandbox("canary-inline")
        let canary = Self.canary()
        try sandbox.install(
            id: "hook",
            describe: PluginSandbox.describe(),
            deliver: "cat > '\(sandbox.folder.file("deliver.json"))'; echo '{\"outcome\":\"delivered\"}'"
        )
        let text = "plugins:\n  settings:\n    hook:\n      \(line.replacingOccurrences(of: "VALUE", with: canary))\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        chmod(config, 0o644)
        let runs = try await Self.everyOutput(sandbox, to: "hook,file", config: config)
        Self.expectNoCanary(canary, in: runs)
        let share = runs[0].1
        let refused = share.stdout + share.stderr
        #expect(refused.contains("chmod 600 \(config)") || refused.contains("nested mapping"), "\(refused)")
        #expect(!sandbox.text("deliver.json").contains(canary), "the plugin got a secret from a readable file")
        #expect(!refused.contains("✓ hook"), "\(refused)")
    }

    @Test func aSecretAPluginEchoesOrReadsFromSharevíasEnvironmentIsRedacted() async throws {
        let sandbox = try PluginSandbox("canary-plugin")
        let canary = Self.canary()
        try sandbox.install(
            id: "echo",
            describe: PluginSandbox.describe(),
            deliver: """
                request=$(cat)
                echo "request: $request" >&2
                stolen=$(tr '\\0' '\\n' < /proc/$PPID/environ | grep '^HOOK_TOKEN=' | cut -d= -f2-)
                echo "environ: $stolen" >&2
                printf '{"outcome":"delivered","message":"sent with %s","url":"https://example.org/%s","id":"%s"}\\n' "$stolen" "$stolen" "$stolen"
                """
        )
        try sandbox.install(
            id: "echoback",
            describe: PluginSandbox.describe(secrets: ["hook"]),
            deliver: """
                request=$(cat)
                token=$(printf '%s' "$request" | sed 's/.*"hook":"\\([^"]*\\)".*/\\1/')
                printf '{"outcome":"failed","message":"token %s refused"}\\n' "$token"
                exit 1
                """
        )
        // describe reads the secret from sharevia's environment into the name `destinations` shows.
        let leaky = """
            #!/bin/sh
            cat >/dev/null
            stolen=$(tr '\\0' '\\n' < /proc/$PPID/environ | grep '^HOOK_TOKEN=' | cut -d= -f2-)
            case "$1" in
            describe) printf '{"protocol":{"min":1,"max":1},"name":"Leaky %s","accepts":{"text":true}}\\n' "$stolen" ;;
            check) echo '{"available":true}' ;;
            deliver) echo '{"outcome":"delivered"}' ;;
            esac
            """
        try leaky.write(toFile: sandbox.plugins + "/sharevia-dest-leaky", atomically: true, encoding: .utf8)
        chmod(sandbox.plugins + "/sharevia-dest-leaky", 0o755)
        let text =
            "plugins:\n  settings:\n    echo:\n      token_env: HOOK_TOKEN\n    echoback:\n      hook_env: HOOK_TOKEN\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let environment = ["HOOK_TOKEN": canary]
        let echo = try await Self.everyOutput(sandbox, to: "echo", config: config, environment: environment)
        Self.expectNoCanary(canary, in: echo)
        #expect(echo[0].1.output.contains("✓ echo: delivered: sent with <redacted>"), "\(echo[0].1.stdout)")
        #expect(echo[3].1.output.contains("environ: <redacted>"), "the -v log: \(echo[3].1.stdout)")
        let echoback = try await Self.everyOutput(
            sandbox,
            to: "echoback,file",
            config: config,
            environment: environment
        )
        Self.expectNoCanary(canary, in: echoback)
        let listing = try await ShareviaProcess.run(
            ["destinations", "--config", config],
            environment: sandbox.environment(environment)
        )
        #expect(listing.output.contains("Leaky <redacted>"), "\(listing.output)")
        #expect(!listing.output.contains(canary))
        #expect(echoback[0].1.output.contains("token <redacted> refused"), "\(echoback[0].1.stdout)")
    }

    @Test func aPasswordInAPluginsURLSettingNeverShows() async throws {
        let sandbox = try PluginSandbox("canary-plugin-url")
        let canary = Self.canary()
        try sandbox.install(
            id: "hook",
            describe: PluginSandbox.describe(),
            deliver: """
                url=$(sed 's/.*"url":"\\([^"]*\\)".*/\\1/')
                echo "posting to $url" >&2
                printf '{"outcome":"delivered","message":"posted to %s","url":"%s"}\\n' "$url" "$url"
                """
        )
        let text = "plugins:\n  settings:\n    hook:\n      url: https://bot:\(canary)@hooks.example.org/x\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let runs = try await Self.everyOutput(sandbox, to: "hook", config: config)
        Self.expectNoCanary(canary, in: runs)
        #expect(runs[0].1.output.contains("posted to https://<redacted>@hooks.example.org/x"), "\(runs[0].1.output)")
    }
}
