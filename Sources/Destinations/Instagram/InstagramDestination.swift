import LocalFiles
import ProcessRunning
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Instagram Stories, through Meta's documented hand-off
/// (<https://developers.facebook.com/docs/instagram-platform/sharing-to-stories>).
///
/// Instagram itself posts the story, so every delivery is a hand-off:
/// - with an Android phone or emulator on `adb` (`adb devices`; `--device SERIAL` picks one), the
///   image is pushed to it and Instagram's story composer is opened with the
///   `com.instagram.share.ADD_TO_STORY` intent;
/// - always, a hand-off bundle is written into the share folder: the image, the iOS pasteboard
///   item as a binary property list (`NAME.instagram.plist`), the same payload as JSON for React
///   Native and Flutter bridges (`NAME.instagram.json`, which also holds the `adb` line).
///
/// A 9:16 or 9:18 image of at least 720x1280 becomes the background; any other image a sticker
/// over a gradient of its own top and bottom edge colours. A Facebook App ID is required.
public struct InstagramDestination: ShareDestination {
    /// Instagram's descriptor, the same for every instance.
    public static let standardDescriptor = DestinationDescriptor(
        id: .instagram,
        aliases: ["instagram-stories"],
        displayName: "Instagram Stories",
        summary:
            "Hands the card to Instagram's story composer: on an attached Android phone through adb, else as a bundle for iOS (pasteboard plist) and Android.",
        capabilities: [.image, .link],
        imageConstraints: .init(
            mimeTypes: ["image/png", "image/jpeg"],
            maximumBytes: InstagramImageRules.maximumBytes,
            preferredSize: .init(width: 1080, height: 1920)
        ),
        outcomes: [.handedOff]
    )

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    /// How to build and deliver the hand-off.
    public var configuration: Configuration
    /// Where `PATH`, `HOME`, `XDG_DATA_HOME` and `SHAREVIA_INSTAGRAM_APP_ID` are read.
    public var environment: ShareEnvironment
    /// What runs `adb`.
    package var runner: any CommandRunning

    /// Creates the destination; the app id falls back to `SHAREVIA_INSTAGRAM_APP_ID`.
    public init(configuration: Configuration = Configuration(), environment: ShareEnvironment) {
        self.init(configuration: configuration, environment: environment, runner: ProcessRunner())
    }

    /// Creates the destination with what runs `adb` (a test's fake).
    package init(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        runner: any CommandRunning
    ) {
        var configuration = configuration
        if configuration.appID == nil { configuration.appID = environment[Configuration.appIDVariable] }
        self.configuration = configuration
        self.environment = environment
        self.runner = runner
    }

    private var folder: String? {
        configuration.outputDirectory ?? FileExportDestination.defaultDirectory(environment: environment)
    }

    /// Unavailable without a Facebook App ID or a share folder; otherwise says how it hands off.
    public func availability() async -> Availability {
        guard let appID = configuration.appID, !appID.isEmpty else {
            return .unavailable(
                "no Facebook App ID: set Configuration.appID or \(Configuration.appIDVariable) (Instagram refuses stories without one)",
                detail: .init(
                    .missingSetting,
                    setting: "appID",
                    mentions: [
                        SettingMention("set Configuration.appID or", advice: "pass \(flag: Settings.appID) ID or set")
                    ]
                )
            )
        }
        guard let folder else {
            return .unavailable(
                "neither XDG_DATA_HOME nor HOME is set, and no Configuration.outputDirectory for the hand-off bundle",
                detail: .init(.missingSetting, setting: "outputDirectory", mentions: [.noOutputDirectory])
            )
        }
        let adb =
            environment.executable(named: "adb") == nil
            ? "adb is not installed (apt-get install adb), so" : "through adb when a phone is attached, and"
        return .available("hands off \(adb) writes the bundle to \(folder)")
    }

    /// Checks the image against Meta's rules and lays out the story; fields show every pasteboard
    /// key, the iOS URL and the Android intent.
    ///
    /// - Throws: ``ShareError`` `unavailable` without an app id; `contentRejected` without an
    ///   image, or for an image a rule refuses (the message names the rule and the fix).
    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        guard let appID = configuration.appID, !appID.isEmpty else {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "no Facebook App ID (Configuration.appID)",
                detail: .init(
                    .missingSetting,
                    setting: "appID",
                    mentions: [SettingMention("Configuration.appID", setting: Settings.appID)]
                )
            )
        }
        let content = request.content
        guard let image = content.images.first else {
            throw ShareError(
                .contentRejected,
                destination: id,
                message: "Instagram Stories needs an image (a card or a photo, PNG or JPEG); pass one"
            )
        }
        try requireSupported(content)
        let layout = try InstagramStoryLayout.plan(image, configuration: configuration)
        let linkText = content.title ?? content.link.flatMap { URLComponents(string: $0)?.host }
        let handOff = InstagramHandOff(layout: layout, appID: appID, link: content.link, linkText: linkText)
        var notes = layout.notes
        if !(content.text.isEmpty && (content.title ?? "").isEmpty) {
            notes.append("text not carried (Instagram Stories take an image and a link sticker)")
        }
        if !content.hashtags.isEmpty { notes.append("hashtags not carried") }
        let item = try handOff.pasteboardItem()
        let imageBytes = (item.backgroundImage ?? item.stickerImage)?.count ?? 0
        let plan = InstagramPlan(handOff: handOff, imageBytes: imageBytes, pasteboard: Self.pasteboardSummary(item))
        return PreparedShare(
            destination: id,
            summary:
                "instagram: \(layout.layer.rawValue) \(layout.width)x\(layout.height)\(content.link == nil ? "" : " with a link sticker")",
            attachments: [layout.image],
            plan: plan,
            notes: notes,
            mentions: InstagramStoryLayout.mentions
        )
    }

    /// Writes the hand-off bundle, then hands the story to an attached Android device when `adb`
    /// lists one. Always `handed-off`: Instagram posts it, after the person finishes it.
    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if Task.isCancelled { throw ShareError(.cancelled, destination: id, message: "cancelled before the hand-off") }
        let handOff = try prepared.plan(as: InstagramPlan.self, for: id).handOff
        guard let folder else {
            throw ShareError(
                .unavailable,
                destination: id,
                message: "no folder for the hand-off bundle (Configuration.outputDirectory)",
                detail: .init(.missingSetting, setting: "outputDirectory", mentions: [.noFolder])
            )
        }
        let bundle = try InstagramBundle(handOff: handOff).write(into: folder)
        let iosStep =
            "on iOS put \(bundle.plistName)'s item on the pasteboard and open \(InstagramHandOff.iosURL(appID: handOff.appID))"
        if let adb = environment.executable(named: "adb") {
            let devices = InstagramDevices(adb: adb, runner: runner, timeout: .seconds(20))
            if let serials = await devices.ready(), !serials.isEmpty {
                let serial = try chooseDevice(serials)
                let uri = try await devices.handOff(handOff, imagePath: bundle.imagePath, serial: serial)
                return .handedOff(
                    destination: id,
                    summary: "opened Instagram's story composer on device \(serial) with \(uri); bundle in \(folder)",
                    nextStep: "finish the story on the phone (\(serial)) and tap Share",
                    locations: [serial, uri] + bundle.paths
                )
            }
        }
        return .handedOff(
            destination: id,
            summary: "wrote the Instagram hand-off bundle to \(folder) (no Android device on adb)",
            nextStep:
                "\(iosStep); on Android connect the phone (USB debugging) and run the androidShell line of \(bundle.jsonName), or rerun with the phone attached",
            locations: bundle.paths
        )
    }

    func chooseDevice(_ serials: [String]) throws(ShareError) -> String {
        if let wanted = configuration.device {
            guard serials.contains(wanted) else {
                throw ShareError(
                    .permanent,
                    destination: id,
                    message: "device \(wanted) is not attached; adb lists \(serials.joined(separator: ", "))"
                )
            }
            return wanted
        }
        guard serials.count == 1 else {
            throw ShareError(
                .permanent,
                destination: id,
                message:
                    "\(serials.count) devices are attached (\(serials.joined(separator: ", "))); Configuration.device picks none",
                detail: .init(
                    .choiceNeeded,
                    setting: "device",
                    found: serials,
                    mentions: [
                        SettingMention(
                            "Configuration.device picks none",
                            advice: "pick one with \(flag: Settings.device) SERIAL"
                        )
                    ]
                )
            )
        }
        return serials[0]
    }

    /// `backgroundImage 32534 B, contentURL, linkURL, linkText`: the keys, without their prefix.
    static func pasteboardSummary(_ item: InstagramPasteboardItem) -> String {
        let prefix = "com.instagram.sharedSticker."
        var keys: [String] = []
        if let data = item.backgroundImage { keys.append("backgroundImage (\(data.count) bytes)") }
        if let data = item.stickerImage { keys.append("stickerImage (\(data.count) bytes)") }
        if let top = item.backgroundTopColor { keys.append("backgroundTopColor \(top)") }
        if let bottom = item.backgroundBottomColor { keys.append("backgroundBottomColor \(bottom)") }
        if item.contentURL != nil { keys.append("contentURL") }
        if item.linkURL != nil { keys.append("linkURL") }
        if item.linkText != nil { keys.append("linkText") }
        return prefix + "{" + keys.joined(separator: ", ") + "}"
    }
}
