import Destinations
import Foundation
import LocalFiles
import ProcessRunning
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// Plugins as destinations: discovery and shadowing, the example plugins, every way a plugin can
/// misbehave (each must make the router fall back in bounded time), and every message checked
/// against the protocol's JSON Schemas by Python's jsonschema.
@Suite struct PluginTests {

    /// A describe answer for scripts that behave.
    static let describeJSON =
        #"{"protocol":{"min":1,"max":1},"name":"Test plugin","accepts":{"text":true,"link":true,"hashtags":true,"images":["image/png"]},"outcomes":["delivered"]}"#

    /// A plugin script that answers describe and check properly and runs `deliver` for deliver.
    static func script(deliver: String, describe: String = describeJSON) -> String {
        """
        #!/bin/sh
        cat >/dev/null
        case "$1" in
        describe) printf '%s\\n' '\(describe)' ;;
        check) printf '%s\\n' '{"available":true}' ;;
        deliver)
        \(deliver)
        ;;
        esac
        """
    }

    /// A catalog of the plugins in `folder`, described now (no cache).
    static func catalog(
        _ folder: TemporaryFolder,
        settings: PluginSettings,
        transcript: PluginTranscript? = nil
    ) async -> PluginCatalog {
        await PluginCatalog.load(
            settings: settings,
            environment: environment(folder),
            builtIns: StandardDestinations.builtInIDs(environment: ShareEnvironment()),
            shareviaVersion: "0.1.0",
            transcript: transcript
        )
    }

    /// Checks the messages of `transcript` against the protocol's JSON Schemas with Python's
    /// jsonschema (`schemas/validate.py`); `deliver` answers only when `deliverAnswers` (a
    /// misbehaving plugin's are wrong on purpose). Returns how many were checked.
    @discardableResult
    static func expectValid(
        _ transcript: PluginTranscript,
        in folder: TemporaryFolder,
        deliverAnswers: Bool = true
    ) async throws -> Int {
        let messages = transcript.messages.filter {
            deliverAnswers || !($0.operation == .deliver && $0.direction == .answer)
        }
        let lines = try messages.map { message -> String in
            let object = try JSONSerialization.jsonObject(with: Data(message.json))
            let record: [String: Any] = [
                "operation": message.operation.rawValue, "direction": message.direction.rawValue, "message": object,
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        }
        let file = try folder.write(Array(lines.joined(separator: "\n").utf8), named: "messages.jsonl")
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: [PackageRoot.path + "/schemas/validate.py", file],
            timeout: .seconds(60)
        )
        let result = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(output.exitStatus == 0, "\(result) \(String(decoding: output.standardError, as: UTF8.self))")
        #expect(result.contains(#""checked": \#(messages.count)"#), "\(result)")
        #expect(result.contains(#""errors": []"#), "\(result)")
        return messages.count
    }

    static func environment(_ folder: TemporaryFolder) -> ShareEnvironment {
        ShareEnvironment([
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder.path,
            "XDG_DATA_HOME": folder.file("data"),
            "TMPDIR": folder.path,
        ])
    }

    /// Installs `script` as plugin `id` in the default plugin folder under `folder`.
    @discardableResult
    static func install(_ script: String, id: String, in folder: TemporaryFolder) throws -> String {
        let plugins = folder.file("data/sharevia/plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let path = "\(plugins)/sharevia-dest-\(id)"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Shares through `id` then an in-memory fallback; returns the report, the fallback and the time it took.
    static func share(
        through id: DestinationID,
        folder: TemporaryFolder,
        settings: PluginSettings = PluginSettings(deliverTimeout: .seconds(2), probeTimeout: .seconds(2)),
        content: ShareContent = ShareContent(
            text: "Seven days in a row",
            link: "https://example.com",
            hashtags: ["streak"]
        ),
        deliverAnswersFollowTheSchema: Bool = true
    ) async throws -> (ShareReport, InMemoryDestination, Duration) {
        let transcript = PluginTranscript()
        let catalog = await catalog(folder, settings: settings, transcript: transcript)
        let fallback = InMemoryDestination()
        var registry = DestinationRegistry()
        for entry in catalog.entries {
            try registry.register(
                PluginDestination(
                    entry: entry,
                    settings: settings,
                    environment: environment(folder),
                    transcript: transcript
                )
            )
        }
        try registry.register(fallback)
        let router = ShareRouter(
            registry: registry,
            retryPolicy: RetryPolicy(maxAttempts: 1, deliveryTimeout: .seconds(20))
        )
        let clock = ContinuousClock()
        let start = clock.now
        let report = try await router.share(content, via: FallbackChain([id, "memory"]))
        let elapsed = clock.now - start
        // Every message of every share here follows the schemas (but a misbehaving plugin's).
        let checked = try await expectValid(transcript, in: folder, deliverAnswers: deliverAnswersFollowTheSchema)
        #expect(checked >= 2)
        return (report, fallback, elapsed)
    }

    @Test func discoveryFindsPluginsInOrderAndReportsShadowedOnes() async throws {
        let folder = TemporaryFolder("plugins")
        let extra = folder.file("extra")
        try FileManager.default.createDirectory(atPath: extra, withIntermediateDirectories: true)
        let first = try Self.install(Self.script(deliver: "exit 1"), id: "outbox", in: folder)
        try Self.install(Self.script(deliver: "exit 1"), id: "clipboard", in: folder)
        _ = try folder.writeExecutable(Self.script(deliver: "exit 1"), named: "extra/sharevia-dest-outbox")
        _ = try folder.writeExecutable(Self.script(deliver: "exit 1"), named: "extra/sharevia-dest-Bad_Id")
        _ = try folder.write(Array("not executable".utf8), named: "extra/sharevia-dest-plain")

        let found = PluginDiscovery.search(
            folders: PluginSettings(folders: [extra]).searchFolders(environment: Self.environment(folder)),
            builtIns: StandardDestinations.builtInIDs(environment: ShareEnvironment())
        )
        #expect(found.plugins.map(\.id) == ["outbox"])
        #expect(found.plugins.first?.path == first)
        #expect(
            Set(found.shadowed.map(\.plugin.path)) == [
                folder.file("data/sharevia/plugins/sharevia-dest-clipboard"), extra + "/sharevia-dest-outbox",
            ]
        )
        #expect(found.shadowed.contains { $0.shadowedBy == "the built-in 'clipboard'" })
        #expect(found.shadowed.contains { $0.shadowedBy == first })
    }

    @Test func pathIsSearchedOnlyWhenTheConfigOptsIn() throws {
        let folder = TemporaryFolder("plugins-path")
        var environment = Self.environment(folder)
        environment.variables["PATH"] = folder.path
        _ = try folder.writeExecutable(Self.script(deliver: "exit 1"), named: "sharevia-dest-onpath")
        #expect(!PluginSettings().searchFolders(environment: environment).contains(folder.path))
        #expect(PluginSettings(searchPath: true).searchFolders(environment: environment).contains(folder.path))
    }

    @Test func outboxExampleDeliversTheShareAndItsImage() async throws {
        let folder = TemporaryFolder("plugins-outbox")
        let source = PackageRoot.path + "/examples/plugins/sharevia-dest-outbox"
        try Self.install(String(contentsOfFile: source, encoding: .utf8), id: "outbox", in: folder)
        let outbox = folder.file("outbox")
        let settings = PluginSettings(
            deliverTimeout: .seconds(5),
            settings: ["outbox": ["folder": outbox]]
        )
        let card = try ShareAttachment.file(PackageRoot.exampleCard)
        let (report, fallback, _) = try await Self.share(
            through: "outbox",
            folder: folder,
            settings: settings,
            content: ShareContent(text: "Level 12", hashtags: ["levelup"], attachments: [card])
        )
        #expect(report.outcome == .delivered)
        #expect(report.deliveredBy == "outbox")
        #expect(fallback.received.isEmpty)
        let shares = try FileManager.default.contentsOfDirectory(atPath: outbox)
        #expect(shares.count == 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: "\(outbox)/\(shares[0])")
        #expect(Set(written) == ["share.json", "attachment-1.png"])
        let copied = FileManager.default.contents(atPath: "\(outbox)/\(shares[0])/attachment-1.png")
        #expect(copied == FileManager.default.contents(atPath: PackageRoot.exampleCard))
        #expect(report.receipt?.locations.contains(shares[0]) == true)
        // The private attachment folder is gone once the plugin has answered.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("sharevia-plugin-")
        }
        #expect(leftovers.isEmpty)
    }

    /// One misbehaviour, the result it must give, and words its reason must contain.
    struct Misbehaviour: Sendable, CustomTestStringConvertible {
        var name: String
        var deliver: String
        var describe: String = PluginTests.describeJSON
        var result: ShareReport.Result
        var reason: String
        /// Whether its deliver answer is a well-formed protocol message (a plain failure or refusal).
        var answerFollowsSchema = false
        var testDescription: String { name }
    }

    static let misbehaviours: [Misbehaviour] = [
        Misbehaviour(
            name: "crashes",
            deliver: "kill -SEGV $$",
            result: .permanentFailure,
            reason: "crashed during deliver (signal 11)"
        ),
        Misbehaviour(
            name: "hangs",
            deliver: "sleep 600",
            result: .transientFailure,
            reason: "gave no answer to deliver within 2.0 s"
        ),
        Misbehaviour(
            name: "hangs with a grandchild holding stdout",
            deliver: "sh -c 'sleep 600' & sleep 600",
            result: .transientFailure,
            reason: "killed with its process group"
        ),
        Misbehaviour(
            name: "exits non-zero silently",
            deliver: "exit 3",
            result: .permanentFailure,
            reason: "exited with status 3 during deliver without printing"
        ),
        Misbehaviour(
            name: "prints invalid JSON",
            deliver: "echo '{\"outcome\": delivered}'",
            result: .permanentFailure,
            reason: "printed invalid JSON during deliver"
        ),
        Misbehaviour(name: "prints text", deliver: "echo done", result: .permanentFailure, reason: "not a JSON object"),
        Misbehaviour(
            name: "prints two objects",
            deliver: "echo '{\"outcome\":\"delivered\"}{\"outcome\":\"delivered\"}'",
            result: .permanentFailure,
            reason: "more than one JSON object"
        ),
        Misbehaviour(
            name: "floods stdout",
            deliver: "yes '{}' | head -c 3000000",
            result: .permanentFailure,
            reason: "more than 1024 KiB"
        ),
        Misbehaviour(
            name: "contradicts itself with its exit status",
            deliver: "echo '{\"outcome\":\"delivered\"}'; exit 1",
            result: .permanentFailure,
            reason: "exited with status 1; the protocol wants 0"
        ),
        Misbehaviour(
            name: "answers with an unknown outcome",
            deliver: "echo '{\"outcome\":\"posted\"}'",
            result: .permanentFailure,
            reason: "unknown outcome 'posted'"
        ),
        Misbehaviour(
            name: "misses a required field",
            deliver: "echo '{\"message\":\"hi\"}'",
            result: .permanentFailure,
            reason: "missing 'outcome'"
        ),
        Misbehaviour(
            name: "speaks only protocol 2",
            deliver: "echo '{\"outcome\":\"delivered\"}'",
            describe: #"{"protocol":{"min":2,"max":2},"name":"Future","accepts":{"text":true}}"#,
            result: .unavailable,
            reason: "speaks protocol 2...2; this sharevia speaks 1...1"
        ),
        Misbehaviour(
            name: "requires an unknown capability",
            deliver: "echo '{\"outcome\":\"delivered\"}'",
            describe:
                #"{"protocol":{"min":1,"max":1},"name":"Needy","accepts":{"text":true},"capabilities":[{"name":"teleport","mandatory":true}]}"#,
            result: .unavailable,
            reason: "requires capability 'teleport'"
        ),
        Misbehaviour(
            name: "fails retryably",
            deliver: "echo '{\"outcome\":\"failed\",\"retryable\":true,\"message\":\"busy\"}'; exit 1",
            result: .transientFailure,
            reason: "failed: busy",
            answerFollowsSchema: true
        ),
        Misbehaviour(
            name: "rejects the share",
            deliver: "echo '{\"outcome\":\"rejected\",\"message\":\"too long\"}'; exit 1",
            result: .contentRejected,
            reason: "rejected the share: too long",
            answerFollowsSchema: true
        ),
    ]

    @Test(arguments: misbehaviours)
    func aMisbehavingPluginMakesTheRouterFallBackInBoundedTime(_ case: Misbehaviour) async throws {
        let folder = TemporaryFolder("plugins-bad")
        try Self.install(Self.script(deliver: `case`.deliver, describe: `case`.describe), id: "flaky", in: folder)
        let (report, fallback, elapsed) = try await Self.share(
            through: "flaky",
            folder: folder,
            deliverAnswersFollowTheSchema: `case`.answerFollowsSchema
        )
        #expect(report.outcome == .deliveredByFallback)
        #expect(fallback.received.count == 1)
        let first = try #require(report.attempts.first)
        #expect(first.destination == "flaky")
        #expect(first.result == `case`.result)
        #expect(first.reason.contains(`case`.reason), "\(first.reason)")
        // Bounded, not fast: a hang would be the plugin's 600 s sleep. The whole suite runs in
        // parallel on two cores, so the bound leaves room for a busy machine.
        #expect(elapsed < .seconds(40), "took \(elapsed)")
    }

    @Test func pluginStderrIsKeptTruncatedAsTheLog() async throws {
        let folder = TemporaryFolder("plugins-log")
        let script = Self.script(
            deliver: "yes 'a log line' | head -c 10000 >&2; echo 'last line' >&2; echo '{\"outcome\":\"delivered\"}'"
        )
        try Self.install(script, id: "chatty", in: folder)
        let (report, _, _) = try await Self.share(through: "chatty", folder: folder)
        let log = try #require(report.attempts.first?.log)
        #expect(log.hasPrefix("…"))
        #expect(log.hasSuffix("last line"))
        #expect(log.utf8.count <= PluginProtocol.maxLogBytes + 4)
        #expect(!report.withoutLogs.description.contains("last line"))
    }

    @Test func thePluginGetsSettingsAndSecretsOnStdinOnlyAndAMinimalEnvironment() async throws {
        let folder = TemporaryFolder("plugins-secret")
        let canary = "canary-secret-\(UInt64.random(in: 1...UInt64.max))"
        let record = folder.file("seen")
        let script = Self.script(
            deliver: """
                env > '\(record).env'; echo "$0 $*" > '\(record).argv'
                echo '{"outcome":"delivered"}'
                """
        ).replacingOccurrences(of: "cat >/dev/null", with: "cat > '\(record).stdin'")
        try Self.install(script, id: "spy", in: folder)
        let settings = PluginSettings(
            deliverTimeout: .seconds(5),
            settings: ["spy": ["url": "https://hooks.example.org"]],
            secrets: ["spy": ["token": Secret(canary)]]
        )
        let (report, _, _) = try await Self.share(through: "spy", folder: folder, settings: settings)
        #expect(report.outcome == .delivered)
        let stdin = try String(contentsOfFile: record + ".stdin", encoding: .utf8)
        #expect(stdin.contains(#""token":"\#(canary)""#))
        #expect(
            stdin.contains(#""url":"https:\/\/hooks.example.org""#)
                || stdin.contains(#""url":"https://hooks.example.org""#)
        )
        let env = try String(contentsOfFile: record + ".env", encoding: .utf8)
        let argv = try String(contentsOfFile: record + ".argv", encoding: .utf8)
        #expect(!env.contains(canary) && !argv.contains(canary))
        let names = Set(env.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(
            names.isSubset(of: [
                "PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR", "SHAREVIA_PLUGIN_PROTOCOL", "PWD", "SHLVL", "_",
            ]),
            "\(names)"
        )
        #expect(argv.hasSuffix(" deliver\n"))
        #expect(!"\(report)".contains(canary))
    }

    @Test func describeAnswersAreCachedByPathSizeAndTime() async throws {
        let folder = TemporaryFolder("plugins-cache")
        let counter = folder.file("describes")
        let script = Self.script(deliver: "exit 1").replacingOccurrences(
            of: "describe) printf",
            with: "describe) echo x >> '\(counter)'; printf"
        )
        let path = try Self.install(script, id: "cached", in: folder)
        let settings = PluginSettings(cacheFile: folder.file("cache/plugins.json"))
        for _ in 0..<3 { _ = await Self.catalog(folder, settings: settings) }
        #expect(try String(contentsOfFile: counter, encoding: .utf8).count == 2)  // one "x\n"
        // A changed plugin is described again.
        try (script + "\n# changed\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        let catalog = await Self.catalog(folder, settings: settings)
        #expect(catalog.entries.first?.description?.name == "Test plugin")
        #expect(try String(contentsOfFile: counter, encoding: .utf8).count == 4)
    }

    /// Runs last in spirit: validates every well-formed message the suite exchanged. It runs
    /// its own exchanges so it never depends on test order.
    @Test func everyMessageFollowsTheProtocolSchemas() async throws {
        let folder = TemporaryFolder("plugins-schema")
        let transcript = PluginTranscript()
        let source = PackageRoot.path + "/examples/plugins/sharevia-dest-outbox"
        try Self.install(String(contentsOfFile: source, encoding: .utf8), id: "outbox", in: folder)
        try Self.install(
            Self.script(
                deliver: #"echo '{"outcome":"handed-off","next_step":"press Post","url":"https://example.com/draft"}'"#
            ),
            id: "handoff",
            in: folder
        )
        try Self.install(
            Self.script(deliver: #"echo '{"outcome":"failed","retryable":false,"message":"no"}'; exit 1"#),
            id: "failing",
            in: folder
        )
        let settings = PluginSettings(
            deliverTimeout: .seconds(5),
            settings: ["outbox": ["folder": folder.file("outbox")]],
            secrets: ["outbox": ["token": Secret("t")]]
        )
        let catalog = await PluginCatalog.load(
            settings: settings,
            environment: Self.environment(folder),
            builtIns: [],
            shareviaVersion: "0.1.0",
            transcript: transcript
        )
        #expect(catalog.entries.count == 3)
        let card = try ShareAttachment.file(PackageRoot.exampleCard)
        let content = ShareContent(
            title: "Streak",
            text: "Seven days",
            link: "https://example.com",
            hashtags: ["streak"],
            attachments: [card]
        )
        for entry in catalog.entries {
            let destination = PluginDestination(
                entry: entry,
                settings: settings,
                environment: Self.environment(folder),
                transcript: transcript
            )
            #expect(await destination.availability().isAvailable)
            let prepared = try destination.prepare(ShareRequest(content: content))
            _ = try? await destination.deliver(prepared)
        }
        #expect(transcript.messages.count == 3 * 6)  // describe, check and deliver: a request and an answer each
        #expect(try await Self.expectValid(transcript, in: folder) == 18)
    }
}
