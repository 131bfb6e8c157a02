import ShareCore
import Testing

/// One reader resolves a setting from the command line, then the environment, then the config
/// file, then nothing (the caller's default), checks the value the same way wherever it came
/// from, and names the source of a bad one.
struct SettingsReaderTests {
    static let retries = ShareSettings.retries
    static let recipients = ShareSetting(key: "sms.to", flag: "sms-to", variable: "SHAREVIA_SMS_TO", kind: .texts)

    static func reader(
        flag: [String: [String]] = [:],
        variables: [String: String] = [:],
        file: [String: SettingValue] = [:]
    )
        -> SettingsReader
    {
        SettingsReader(providers: [
            CommandLineSettingsProvider(values: flag),
            EnvironmentSettingsProvider(environment: ShareEnvironment(variables)),
            KeyedSettingsProvider(name: "config.yaml", values: file),
        ])
    }

    @Test func theFlagWinsOverTheVariableAndTheFile() throws {
        let timeout = ShareSetting(
            key: "share.timeout",
            flag: "timeout",
            variable: "SHAREVIA_TIMEOUT",
            kind: .seconds
        )
        let reader = Self.reader(
            flag: ["timeout": ["5"]],
            variables: ["SHAREVIA_TIMEOUT": "6"],
            file: ["share.timeout": SettingValue("7", source: .file("config.yaml", line: 2))]
        )
        #expect(try reader.seconds(timeout) == .seconds(5))
        #expect(reader.source(timeout) == .flag("timeout"))
    }

    @Test func theVariableWinsOverTheFileAndAnEmptyOneCountsAsUnset() throws {
        let file = ["sms.to": SettingValue(list: ["+1"], source: .file("config.yaml", line: 4))]
        #expect(
            Self.reader(variables: ["SHAREVIA_SMS_TO": "+2, +3"], file: file).texts(Self.recipients) == ["+2", "+3"]
        )
        #expect(Self.reader(variables: ["SHAREVIA_SMS_TO": ""], file: file).texts(Self.recipients) == ["+1"])
    }

    @Test func nothingSetLeavesTheDefaultToTheCaller() throws {
        #expect(try Self.reader().integer(Self.retries) == nil)
        #expect(try Self.reader().seconds(ShareSettings.timeout) ?? ShareSettings.defaultTimeout == .seconds(30))
    }

    @Test func aRepeatedFlagIsAListAndASingleFlagItsLastValue() {
        #expect(Self.reader(flag: ["sms-to": ["+1", "+2"]]).texts(Self.recipients) == ["+1", "+2"])
        let title = ShareSetting(flag: "title", kind: .text)
        #expect(Self.reader(flag: ["title": ["a", "b"]]).text(title) == "b")
    }

    @Test(arguments: ["0", "-1", "3600.5", "soon", "nan"])
    func secondsOutsideTheBoundAreRefusedWherever(_ written: String) {
        let sources: [(SettingsReader, String)] = [
            (Self.reader(flag: ["timeout": [written]]), "--timeout must be a number of seconds above 0, at most 3600"),
            (
                Self.reader(file: ["share.timeout": SettingValue(written, source: .file("/c.yaml", line: 3))]),
                "/c.yaml:3: share.timeout must be a number of seconds above 0, at most 3600"
            ),
        ]
        for (reader, message) in sources {
            #expect(throws: SettingError.self) { try reader.seconds(ShareSettings.timeout) }
            do {
                _ = try reader.seconds(ShareSettings.timeout)
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test func secondsConvertToTheMillisecond() throws {
        #expect(try Self.reader(flag: ["timeout": ["0.0015"]]).seconds(ShareSettings.timeout) == .milliseconds(1))
        #expect(try Self.reader(flag: ["timeout": ["3600"]]).seconds(ShareSettings.timeout) == .seconds(3600))
    }

    @Test func integersAreCheckedAgainstTheirRange() throws {
        #expect(try Self.reader(flag: ["retries": ["10"]]).integer(Self.retries) == 10)
        #expect(throws: SettingError.self) { try Self.reader(flag: ["retries": ["11"]]).integer(Self.retries) }
    }

    @Test func aBadVariableIsNamedByTheVariable() {
        let verify = ShareSetting(key: "clipboard.verify", variable: "SHAREVIA_VERIFY", kind: .boolean)
        do {
            _ = try Self.reader(variables: ["SHAREVIA_VERIFY": "maybe"]).bool(verify)
            Issue.record("maybe is not a boolean")
        } catch {
            #expect(error.description == "SHAREVIA_VERIFY must be true or false")
            #expect(error.source == .variable("SHAREVIA_VERIFY"))
        }
    }

    @Test func choicesConvertThroughTheCallersType() throws {
        enum Layer: String { case background, sticker }
        let layer = ShareSetting(flag: "as", kind: .choice(["background", "sticker"]))
        #expect(try Self.reader(flag: ["as": ["sticker"]]).choice(layer, Layer.init(rawValue:)) == .sticker)
        #expect(throws: SettingError.self) {
            try Self.reader(flag: ["as": ["floor"]]).choice(layer, Layer.init(rawValue:))
        }
    }
}
