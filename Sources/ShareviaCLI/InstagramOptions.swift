import ArgumentParser
import Destinations
import ShareCore

/// The Instagram Stories options of the share command, declared once here.
struct InstagramOptions: ParsableArguments {
    @Option(
        name: .customLong("instagram-app-id"),
        help: ArgumentHelp(
            "The Facebook App ID Instagram requires (or SHAREVIA_INSTAGRAM_APP_ID).",
            valueName: "id"
        )
    )
    var appID: String?

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp(
            "Instagram layer for the image: background or sticker (default: by its shape).",
            valueName: "layer"
        )
    )
    var placement: InstagramDestination.Placement = .automatic

    @Option(help: ArgumentHelp("Instagram: the gradient's top colour behind a sticker, #RRGGBB.", valueName: "#RRGGBB"))
    var topColor: String?

    @Option(
        help: ArgumentHelp("Instagram: the gradient's bottom colour behind a sticker, #RRGGBB.", valueName: "#RRGGBB")
    )
    var bottomColor: String?

    @Flag(help: "Instagram: place any image on a 1080x1920 canvas and send it as the background.")
    var fit = false

    @Option(
        help: ArgumentHelp(
            "Instagram: the adb serial of the Android device to use when several are attached.",
            valueName: "serial"
        )
    )
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
        var problems: [SettingError] = []
        let reader = SettingsReader(providers: [CommandLineSettingsProvider(values: values)])
        _ = InstagramDestination.Configuration(reading: reader, problems: &problems)
        if let problem = problems.first { throw ValidationError(problem.description) }
    }
}

extension InstagramDestination.Placement: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
