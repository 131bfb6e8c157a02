import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

/// `BuiltInDestination.single`: one entry with the descriptor, built from the configuration its
/// `read` makes (whose problems are the check), with the shared folder set when asked.
struct SingleBuiltInTests {
    struct Configuration: Sendable {
        var count = 1
        var outputDirectory: String?
    }

    static let memoryCount = ShareSetting(key: "memory.count", flag: "memory-count", kind: .integer(1...9))

    static func read(_ reader: SettingsReader, _ problems: inout [SettingError]) -> Configuration {
        let count = reader.recording(&problems) { reader throws(SettingError) in try reader.integer(memoryCount) }
        return Configuration(count: (count ?? nil) ?? 1)
    }

    static func builtIn(
        settingFolder: Bool,
        seen: @escaping @Sendable (Configuration) -> Void
    ) -> BuiltInDestination {
        var folder: (@Sendable (inout Configuration, String?) -> Void)?
        if settingFolder { folder = { configuration, folder in configuration.outputDirectory = folder } }
        return BuiltInDestination.single(
            InMemoryDestination(id: "memory").descriptor,
            settings: [memoryCount],
            purpose: .local,
            outputDirectory: folder,
            read: read
        ) { (configuration: Configuration, _: DestinationContext) -> any ShareDestination in
            seen(configuration)
            return InMemoryDestination(id: "memory")
        }
    }

    static func context(count: String) -> DestinationContext {
        DestinationContext(
            settings: SettingsReader(providers: [CommandLineSettingsProvider(values: ["memory-count": [count]])]),
            environment: ShareEnvironment([:]),
            outputDirectory: "/shares"
        )
    }

    @Test(arguments: [true, false])
    func buildsOneEntryFromTheConfigurationItReads(settingFolder: Bool) {
        let seen = Recorded<Configuration>()
        let builtIn = Self.builtIn(settingFolder: settingFolder) { seen.append($0) }
        let entries = builtIn.entries(Self.context(count: "3"))
        #expect(entries.map(\.descriptor.id) == ["memory"])
        #expect(seen.values.isEmpty, "built only when asked for")
        #expect(entries.first?.build().descriptor.id == "memory")
        #expect(seen.values.map(\.count) == [3])
        #expect(seen.values.map(\.outputDirectory) == [settingFolder ? "/shares" : nil])
        #expect(builtIn.settings == [Self.memoryCount] && builtIn.purpose == .local)
    }

    @Test func itsCheckIsWhatReadFinds() {
        let builtIn = Self.builtIn(settingFolder: false) { _ in }
        #expect(builtIn.check(Self.context(count: "3").settings).isEmpty)
        let problems = builtIn.check(Self.context(count: "12").settings)
        #expect(problems.map(\.problem) == ["must be a whole number from 1 to 9"])
        #expect(problems.map(\.source) == [.flag("memory-count")])
    }
}

/// Values appended from any thread.
final class Recorded<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
