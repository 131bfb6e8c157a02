import ArgumentParser
import Destinations

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

    func validate() throws {
        for (flag, value) in [("--top-color", topColor), ("--bottom-color", bottomColor)] {
            if let value, HexColor(value) == nil {
                throw ValidationError("\(flag) '\(value)' is not a colour; write it as #RRGGBB, such as #FF6B35")
            }
        }
        if let appID, appID.isEmpty || !appID.allSatisfy(\.isNumber) {
            throw ValidationError(
                "--instagram-app-id '\(appID)' is not a Facebook App ID (digits, as on developers.facebook.com)"
            )
        }
        if fit && placement == .sticker {
            throw ValidationError("--fit makes a background; it can't be used with --as sticker")
        }
    }

    /// The destination's configuration; the folder comes from `--out`.
    var configuration: InstagramDestination.Configuration {
        InstagramDestination.Configuration(
            appID: appID,
            placement: placement,
            topColor: topColor.flatMap(HexColor.init),
            bottomColor: bottomColor.flatMap(HexColor.init),
            fit: fit,
            device: device
        )
    }
}

extension InstagramDestination.Placement: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
