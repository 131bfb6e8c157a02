import Destinations
import Foundation
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// Every built-in destination delivers only the plan it prepared: a prepared share whose plan is
/// of another type (another destination's, or one an integrator made) is refused as `permanent`
/// before anything is written, sent or opened, and the error names both plan types.
@Suite struct PlanTypeTests {
    /// A plan no built-in prepares.
    struct ForeignPlan: SharePlan {
        var fields: [PreparedShare.Field] { [.init("url", "https://example.com/intent")] }
    }

    static func registry(home: TemporaryFolder) -> DestinationRegistry {
        let environment = ShareEnvironment(["HOME": home.path, "PATH": "/usr/bin:/bin"])
        let settings = CommandLineSettingsProvider(values: [
            MastodonDestination.Settings.instance.flag!: ["mastodon.example"],
            InstagramDestination.Settings.appID.flag!: ["1234567890"],
        ])
        return DestinationRegistry.standard(
            context: DestinationContext(settings: SettingsReader(providers: [settings]), environment: environment)
        )
    }

    @Test(arguments: StandardDestinationsConformanceTests.ids)
    func aForeignPlanIsRefusedBeforeAnySideEffect(id: DestinationID) async throws {
        let home = TemporaryFolder()
        defer { home.remove() }
        let destination = try #require(Self.registry(home: home).destination(id))
        let prepared = PreparedShare(
            destination: "elsewhere",
            summary: "elsewhere",
            text: "hello",
            plan: ForeignPlan()
        )
        let error = await #expect(throws: ShareError.self) { try await destination.deliver(prepared) }
        #expect(error?.code == .permanent, "\(String(describing: error))")
        #expect(error?.destination == id)
        #expect(error?.message.contains("ForeignPlan") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "nothing written")
    }

    @Test func aShareAnotherBuiltInPreparedIsRefused() async throws {
        let home = TemporaryFolder()
        defer { home.remove() }
        let registry = Self.registry(home: home)
        let x = try #require(registry.destination("x"))
        let file = try #require(registry.destination("file"))
        let prepared = try x.prepare(ShareRequest(content: ShareContent(text: "hello", link: "https://example.com")))
        let error = await #expect(throws: ShareError.self) { try await file.deliver(prepared) }
        #expect(error?.code == .permanent)
        #expect(error?.message.contains("x's plan") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "nothing written")
    }

    @Test func aPluginIsNotRunForAForeignPlan() async throws {
        let folder = TemporaryFolder("plugins-plan")
        defer { folder.remove() }
        let ran = folder.file("ran")
        try PluginTests.install(
            PluginTests.script(deliver: "touch '\(ran)'; printf '%s\\n' '{\"outcome\":\"delivered\"}'"),
            id: "recorder",
            in: folder
        )
        let settings = PluginSettings(deliverTimeout: .seconds(5), probeTimeout: .seconds(5))
        let entry = try #require(await PluginTests.catalog(folder, settings: settings).entries.first)
        let plugin = PluginDestination(entry: entry, settings: settings, environment: PluginTests.environment(folder))
        let error = await #expect(throws: ShareError.self) {
            try await plugin.deliver(
                PreparedShare(destination: "elsewhere", summary: "elsewhere", text: "hello", plan: ForeignPlan())
            )
        }
        #expect(error?.code == .permanent)
        #expect(error?.message.contains("ForeignPlan") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: ran), "the plugin was not run")
        // The same plugin runs for a share it prepared.
        _ = try await plugin.deliver(plugin.prepare(ShareRequest(content: ShareContent(text: "hello"))))
        #expect(FileManager.default.fileExists(atPath: ran))
    }
}
