import ArgumentParser
import Destinations
import ShareCore

/// The Instagram Stories options of the share command, named and explained by its settings (declared in its folder).
struct InstagramOptions: ParsableArguments {
    private typealias S = InstagramDestination.Settings

    @Option(name: .setting(S.appID), help: ArgumentHelp(setting: S.appID))
    var appID: String?

    @Option(name: .setting(S.placement), help: ArgumentHelp(setting: S.placement))
    var placement: InstagramDestination.Placement = .automatic

    @Option(name: .setting(S.topColor), help: ArgumentHelp(setting: S.topColor))
    var topColor: String?

    @Option(name: .setting(S.bottomColor), help: ArgumentHelp(setting: S.bottomColor))
    var bottomColor: String?

    @Flag(name: .setting(S.fit), help: ArgumentHelp(setting: S.fit))
    var fit = false

    @Option(name: .setting(S.device), help: ArgumentHelp(setting: S.device))
    var device: String?

    /// The values given, by flag, for the settings reader.
    var values: [String: [String]] {
        typealias Settings = InstagramDestination.Settings
        var values: [String: [String]] = [:]
        values[Settings.appID.flag!] = appID.map { [$0] }
        if placement != .automatic { values[Settings.placement.flag!] = [placement.rawValue] }
        values[Settings.topColor.flag!] = topColor.map { [$0] }
        values[Settings.bottomColor.flag!] = bottomColor.map { [$0] }
        if fit { values[Settings.fit.flag!] = ["true"] }
        values[Settings.device.flag!] = device.map { [$0] }
        return values
    }

    /// Checked by Instagram's own settings code, as a variable or the config file is.
    func validate() throws {
        try validateFlags(values) { InstagramDestination.Configuration(reading: $0, problems: &$1) }
    }
}

extension InstagramDestination.Placement: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
