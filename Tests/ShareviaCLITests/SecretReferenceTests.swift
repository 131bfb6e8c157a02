import Foundation
import TestSupport
import Testing

/// Which settings are secret references, and what a secret that can't be resolved does: only
/// what a plugin declares (or a name that looks like a secret) is read from `_env`/`_file`; one
/// that can't be resolved makes that one destination unavailable with the reason, never the run.
@Suite struct SecretReferenceTests {
    static let recorder = """
        cat > "$TMPDIR/r.json"; cp "$TMPDIR/r.json" "$HOME/deliver.json"; echo '{"outcome":"delivered"}'
        """

    @Test func aSettingEndingInFileIsASettingUnlessThePluginDeclaresASecret() async throws {
        let sandbox = try PluginSandbox("reference-setting")
        try sandbox.install(id: "keeper", describe: PluginSandbox.describe(), deliver: Self.recorder)
        let text = "plugins:\n  settings:\n    keeper:\n      state_file: /nonexistent/state\n      mode_env: PROD\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let shared = try await ShareviaProcess.run(
            ["--to", "keeper", "--text", "hi", "--config", config],
            environment: sandbox.environment()
        )
        #expect(shared.status == 0, "\(shared.stdout)\(shared.stderr)")
        let request = sandbox.text("deliver.json")
        #expect(request.contains(#""state_file":"/nonexistent/state""#), "\(request)")
        #expect(request.contains(#""mode_env":"PROD""#), "\(request)")
        #expect(request.contains(#""secrets":{}"#), "\(request)")
        let check = try await ShareviaProcess.run(
            ["config", "check", "--config", config],
            environment: sandbox.environment()
        )
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.table.contains("plugins.settings.keeper.state_file = /nonexistent/state (file:4)"),
            "\(check.stdout)"
        )
    }

    @Test func aDeclaredSecretIsReadFromItsFileAndLeavesTheSettings() async throws {
        let sandbox = try PluginSandbox("reference-declared")
        try sandbox.install(id: "keeper", describe: PluginSandbox.describe(secrets: ["state"]), deliver: Self.recorder)
        let secret = try sandbox.folder.write(Array("s3cret-state\n".utf8), named: "state")
        chmod(secret, 0o600)
        let text = "plugins:\n  settings:\n    keeper:\n      state_file: \(secret)\n      colour: blue\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let shared = try await ShareviaProcess.run(
            ["--to", "keeper", "--text", "hi", "--config", config],
            environment: sandbox.environment()
        )
        #expect(shared.status == 0, "\(shared.stdout)\(shared.stderr)")
        let request = sandbox.text("deliver.json")
        #expect(request.contains(#""secrets":{"state":"s3cret-state"}"#), "\(request)")
        #expect(request.contains(#""settings":{"colour":"blue"}"#), "\(request)")
        #expect(!sandbox.text("check-keeper.json").contains("missing_secrets"))
    }

    @Test func anUnresolvableSecretMakesOnlyItsDestinationUnavailable() async throws {
        let sandbox = try PluginSandbox("reference-unresolved")
        try sandbox.install(id: "hook", describe: PluginSandbox.describe(), deliver: Self.recorder)
        let text = """
            plugins:
              settings:
                hook:
                  token_env: UNSET_HOOK_TOKEN
            email:
              password_file: /nonexistent/password

            """
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let out = sandbox.folder.file("out")
        let file = try await ShareviaProcess.run(
            ["--to", "file", "--text", "hi", "--out", out, "--config", config],
            environment: sandbox.environment()
        )
        #expect(file.status == 0, "\(file.stdout)\(file.stderr)")
        let chain = try await ShareviaProcess.run(
            [
                "--to", "hook,email,file", "--text", "hi", "--out", out, "--config", config,
                "--email-to", "friend@example.org", "--email-from", "me@example.org", "--smtp", "smtp://127.0.0.1:9",
            ],
            environment: sandbox.environment()
        )
        #expect(
            chain.output.contains(
                "✗ hook: unavailable: \(config):4: plugins.settings.hook.token_env names the variable UNSET_HOOK_TOKEN, which is not set"
            ),
            "\(chain.stdout)\(chain.stderr)"
        )
        #expect(
            chain.output.contains("✗ email: unavailable: \(config):6: email.password_file names /nonexistent/password"),
            "\(chain.stdout)"
        )
        #expect(chain.output.contains("✓ file: delivered"), "\(chain.stdout)")
        #expect(sandbox.text("deliver.json").isEmpty, "the plugin ran deliver without its secret")
        let check = try await ShareviaProcess.run(
            ["config", "check", "--config", config],
            environment: sandbox.environment()
        )
        #expect(check.status == 64)
        #expect(check.stderr.contains("UNSET_HOOK_TOKEN, which is not set"), "\(check.stderr)")
        let json = try await ShareviaProcess.run(
            ["config", "check", "--json", "--config", config],
            environment: sandbox.environment()
        )
        #expect(json.status == 64)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let problems = try #require(object["problems"] as? [String])
        #expect(problems.count == 2 && problems.contains { $0.contains("UNSET_HOOK_TOKEN") }, "\(problems)")
    }

    @Test func checkIsToldWhichDeclaredSecretsAreMissing() async throws {
        let sandbox = try PluginSandbox("reference-missing")
        try sandbox.install(
            id: "hook",
            describe: PluginSandbox.describe(secrets: ["token", "signing"]),
            deliver: Self.recorder
        )
        let text = "plugins:\n  settings:\n    hook:\n      token_env: HOOK_TOKEN\n"
        let config = try sandbox.folder.write(Array(text.utf8), named: "config.yaml")
        let shared = try await ShareviaProcess.run(
            ["--to", "hook,file", "--text", "hi", "--out", sandbox.folder.file("out"), "--config", config],
            environment: sandbox.environment(["HOOK_TOKEN": "t0ken-value"])
        )
        #expect(
            shared.output.contains(
                "✗ hook: unavailable: secret 'signing' is not set; add plugins.settings.hook.signing_env: VARIABLE or signing_file: PATH"
            ),
            "\(shared.stdout)\(shared.stderr)"
        )
        #expect(
            sandbox.text("check-hook.json").contains(#""missing_secrets":["signing"]"#),
            "\(sandbox.text("check-hook.json"))"
        )
        #expect(!shared.output.contains("t0ken-value"))
    }
}
