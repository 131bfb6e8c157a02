import Destinations
import Foundation
import ImagePipeline
import LocalFiles
import ProcessRunning
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// Instagram Stories: Meta's hand-off built exactly, read back by two independent plist readers,
/// every rule refusing with its own error, and the `adb` path checked to the exact command lines
/// with a stand-in `adb` (no Android device can run here).
@Suite struct InstagramTests {
    let folder = TemporaryFolder()
    static let appID = "1234567890"
    static let card = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/card.png").path

    /// A PNG of `width`x`height`: the top half (200, 30, 10), the bottom half (10, 30, 200).
    func halves(_ width: Int, _ height: Int, name: String) throws -> String {
        var image = RGBAImage(width: width, height: height, fill: RGBAPixel(r: 200, g: 30, b: 10))
        for y in height / 2..<height {
            for x in 0..<width { image.setPixel(x: x, y: y, to: RGBAPixel(r: 10, g: 30, b: 200)) }
        }
        try folder.write(Data(try PNGEncoder().encode(image)), named: name)
        return "\(folder.path)/\(name)"
    }

    func destination(
        _ configuration: InstagramDestination.Configuration = .init(appID: appID),
        path: String = "/nonexistent"
    ) -> InstagramDestination {
        var configuration = configuration
        configuration.outputDirectory = configuration.outputDirectory ?? "\(folder.path)/out"
        return InstagramDestination(
            configuration: configuration,
            environment: ShareEnvironment(["HOME": folder.path, "PATH": path])
        )
    }

    func share(
        _ path: String,
        link: String? = "https://example.com/streak",
        title: String? = "7-day streak"
    ) throws
        -> ShareRequest
    {
        ShareRequest(content: ShareContent(title: title, link: link, attachments: [try ShareAttachment.file(path)]))
    }

    /// The plist as Python's plistlib and libplist's plistutil read it: keys, and a SHA-256 per data value.
    static func readPlist(_ path: String) async throws -> (plistlib: String, plistutil: String) {
        let script = """
            import hashlib, json, plistlib, sys
            items = plistlib.load(open(sys.argv[1], "rb"))
            print(json.dumps([{k: (hashlib.sha256(v).hexdigest() if isinstance(v, bytes) else v) for k, v in i.items()} for i in items], sort_keys=True))
            """
        let python = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["python3", "-c", script, path],
            timeout: .seconds(30)
        )
        let xml = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["plistutil", "-i", path, "-f", "xml"],
            timeout: .seconds(30)
        )
        try #require(
            xml.exitStatus == 0,
            "plistutil (apt-get install libplist-utils) failed: \(String(decoding: xml.standardError, as: UTF8.self))"
        )
        // Parse plistutil's XML with plistlib too, so both readings compare as JSON.
        let xmlFile = path + ".xml"
        try Data(xml.standardOutput).write(to: URL(fileURLWithPath: xmlFile))
        let viaUtil = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["python3", "-c", script, xmlFile],
            timeout: .seconds(30)
        )
        return (
            String(decoding: python.standardOutput, as: UTF8.self),
            String(decoding: viaUtil.standardOutput, as: UTF8.self)
        )
    }

    static func sha256(_ path: String) async throws -> String {
        let output = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["sha256sum", path],
            timeout: .seconds(10)
        )
        return String(String(decoding: output.standardOutput, as: UTF8.self).prefix(64))
    }

    // MARK: The hand-off

    @Test func aStoryCardBecomesTheBackgroundAndTheBundleHoldsMetasKeysExactly() async throws {
        let destination = destination()
        let prepared = try destination.prepare(try share(Self.card))
        #expect(prepared[field: "layer"] == "background")
        #expect(prepared[field: "ios-url"] == "instagram-stories://share?source_application=1234567890")
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.nextStep?.contains("instagram-stories://share?source_application=1234567890") == true)
        let out = "\(folder.path)/out"
        #expect(folder.names(in: "out") == ["card.instagram.json", "card.instagram.plist", "card.png"])
        #expect(
            FileManager.default.contents(atPath: "\(out)/card.png") == FileManager.default.contents(atPath: Self.card)
        )

        let (plistlib, plistutil) = try await Self.readPlist("\(out)/card.instagram.plist")
        #expect(plistlib == plistutil, "the two readers disagree")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(plistlib.utf8)) as? [[String: String]])
        #expect(items.count == 1)
        #expect(
            items[0] == [
                "com.instagram.sharedSticker.backgroundImage": try await Self.sha256(Self.card),
                "com.instagram.sharedSticker.contentURL": "https://example.com/streak",
                "com.instagram.sharedSticker.linkURL": "https://example.com/streak",
                "com.instagram.sharedSticker.linkText": "7-day streak",
            ]
        )
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/card.instagram.json")))
                as? [String: Any]
        )
        #expect(json["image"] as? String == "card.png")
        #expect(json["pasteboardItem"] as? String == "card.instagram.plist")
        #expect(json["pasteboardExpirationSeconds"] as? Int == 300)
        let intent = try #require(json["androidIntent"] as? [String: Any])
        #expect(intent["action"] as? String == "com.instagram.share.ADD_TO_STORY")
        #expect(intent["package"] as? String == "com.instagram.android")
        #expect(
            intent["extras"] as? [String: String]
                == [
                    "source_application": "1234567890", "content_url": "https://example.com/streak",
                    "link_url": "https://example.com/streak", "link_text": "7-day streak",
                ]
        )
    }

    @Test func anyOtherImageIsAStickerOverItsOwnEdgeColours() async throws {
        let path = try halves(640, 480, name: "photo.png")
        let destination = destination()
        let prepared = try destination.prepare(try share(path, link: nil, title: nil))
        #expect(prepared[field: "layer"] == "sticker")
        #expect(prepared[field: "top-color"] == "#C81E0A")
        #expect(prepared[field: "bottom-color"] == "#0A1EC8")
        #expect(prepared.notes.contains { $0.contains("640x480") && $0.contains("sticker") })
        _ = try await destination.deliver(prepared)
        let (plistlib, _) = try await Self.readPlist("\(folder.path)/out/photo.instagram.plist")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(plistlib.utf8)) as? [[String: String]])
        #expect(
            items[0] == [
                "com.instagram.sharedSticker.stickerImage": try await Self.sha256(path),
                "com.instagram.sharedSticker.backgroundTopColor": "#C81E0A",
                "com.instagram.sharedSticker.backgroundBottomColor": "#0A1EC8",
            ]
        )
    }

    @Test func givenColoursWinOverEdgeColoursAndAsStickerForcesASticker() throws {
        let configuration = InstagramDestination.Configuration(
            appID: Self.appID,
            placement: .sticker,
            topColor: HexColor("#ff6b35"),
            bottomColor: HexColor("#1A1A2E")
        )
        let prepared = try destination(configuration).prepare(try share(Self.card))
        #expect(prepared[field: "layer"] == "sticker")
        #expect(prepared[field: "top-color"] == "#FF6B35")
        #expect(prepared[field: "bottom-color"] == "#1A1A2E")
    }

    @Test func fitPlacesAnyImageOnAStoryCanvas() async throws {
        let path = try halves(600, 600, name: "square.png")
        let destination = destination(.init(appID: Self.appID, fit: true))
        let prepared = try destination.prepare(try share(path, link: nil, title: nil))
        #expect(prepared[field: "layer"] == "background")
        #expect(prepared.notes.contains("fitted 600x600 onto a 1080x1920 canvas"))
        _ = try await destination.deliver(prepared)
        let written = "\(folder.path)/out/square-story.png"
        let info = try ImageInspector().inspect(path: written)
        #expect(info.width == 1080 && info.height == 1920)
        let (plistlib, _) = try await Self.readPlist("\(folder.path)/out/square-story.instagram.plist")
        #expect(plistlib.contains(try await Self.sha256(written)), "the payload carries the fitted canvas")
    }

    @Test func aJPEGPhotoIsAStickerOverItsEdgeColoursAndFitsOntoACanvas() async throws {
        let png = try halves(640, 480, name: "photo.png")
        let jpeg = "\(folder.path)/photo.jpg"
        let converted = try await ProcessRunner().run(
            "/usr/bin/env",
            arguments: ["convert", png, "-quality", "95", jpeg],
            timeout: .seconds(30)
        )
        try #require(
            converted.exitStatus == 0,
            "ImageMagick: \(String(decoding: converted.standardError, as: UTF8.self))"
        )
        let sticker = try destination().prepare(try share(jpeg, link: nil, title: nil))
        #expect(sticker[field: "layer"] == "sticker")
        // JPEG is lossy: the measured colours are near the halves' (200, 30, 10) and (10, 30, 200).
        let top = try #require(sticker[field: "top-color"])
        let bottom = try #require(sticker[field: "bottom-color"])
        #expect(top.hasPrefix("#C") || top.hasPrefix("#B"), "\(top)")
        #expect(
            bottom.hasPrefix("#0") && (bottom.hasSuffix("C8") || bottom.hasSuffix("C7") || bottom.hasSuffix("C9")),
            "\(bottom)"
        )
        let fitted = try destination(.init(appID: Self.appID, fit: true)).prepare(
            try share(jpeg, link: nil, title: nil)
        )
        #expect(fitted[field: "layer"] == "background")
        #expect(fitted.attachments.first?.fileName == "photo-story.png")
        #expect(fitted.notes.contains("fitted 640x480 onto a 1080x1920 canvas"))
    }

    // MARK: Meta's rules, each with its own error

    @Test func everyRuleRefusesWithItsOwnMessage() throws {
        let small = try halves(540, 960, name: "small.png")  // 9:16 but under 720x1280
        let wide = try halves(1080, 1350, name: "portrait.png")  // 4:5
        let gif = "\(folder.path)/anim.gif"
        try Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8).write(to: URL(fileURLWithPath: gif))
        let huge = "\(folder.path)/huge.png"
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 21 << 20))
            .write(to: URL(fileURLWithPath: huge))
        let background = destination(.init(appID: Self.appID, placement: .background))
        let cases: [(String, InstagramDestination, String)] = [
            (small, background, "a story background must be 9:16 or 9:18 and at least 720x1280"),
            (wide, background, "1080x1350 (height/width 1.25)"),
            (gif, destination(), "takes image/png or image/jpeg, not image/gif"),
            (huge, destination(), "Instagram hand-offs take at most 20 MiB"),
        ]
        for (path, destination, message) in cases {
            let error = #expect(throws: ShareError.self) { try destination.prepare(try share(path)) }
            #expect(error?.code == .contentRejected, "\(path)")
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
        let textOnly = #expect(throws: ShareError.self) {
            try destination().prepare(ShareRequest(content: ShareContent(text: "hi", link: "https://e.x")))
        }
        #expect(textOnly?.message.contains("Instagram Stories needs an image") == true)
        #expect(HexColor("#12345") == nil && HexColor("123456") == nil && HexColor("#GG0000") == nil)
        #expect(HexColor("#a1B2c3")?.description == "#A1B2C3")
    }

    @Test func withoutAnAppIDItIsUnavailableAndTheRouterFallsBack() async throws {
        let destination = InstagramDestination(environment: ShareEnvironment(["HOME": folder.path]))
        let availability = await destination.availability()
        #expect(!availability.isAvailable)
        #expect(availability.detail == ShareError.Detail(.missingSetting, setting: "appID"))
        #expect(availability.reason?.contains("SHAREVIA_INSTAGRAM_APP_ID") == true)
        let memory = InMemoryDestination(id: "file")
        let router = ShareRouter(registry: try DestinationRegistry([destination, memory]))
        let report = try await router.share(
            ShareContent(attachments: [try ShareAttachment.file(Self.card)]),
            via: FallbackChain(["instagram", "file"])
        )
        #expect(report.outcome == .deliveredByFallback)
        #expect(memory.received.count == 1)
        let fromEnvironment = InstagramDestination(
            environment: ShareEnvironment(["HOME": folder.path, "SHAREVIA_INSTAGRAM_APP_ID": "42"])
        )
        #expect(await fromEnvironment.availability().isAvailable)
    }

    @Test func itConformsAndOnlyHandsOff() async throws {
        let failures = await DestinationConformance(
            destination(),
            deliverSample: true,
            sample: ShareContent(link: "https://example.com", attachments: [try ShareAttachment.file(Self.card)])
        ).run()
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: adb

    /// A stand-in `adb` that logs each call's arguments (one line, fields split by TAB) and
    /// answers `devices` with `$FAKE_ADB_DEVICES` and `content query` with one media row.
    func fakeADB(devices: String) throws -> (path: String, log: String) {
        let tools = "\(folder.path)/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let log = "\(folder.path)/adb.log"
        let script = """
            #!/bin/sh
            (IFS='\t'; echo "$*") >> '\(log)'
            case "$*" in
              devices) printf 'List of devices attached\\n\(devices)\\n' ;;
              *"content query"*) echo 'Row: 0 _id=42' ;;
            esac
            exit 0
            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: "\(tools)/adb"))
        chmod("\(tools)/adb", 0o755)
        return (tools, log)
    }

    func loggedCalls(_ log: String) -> [[String]] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func withAdbButNoDeviceTheBundleIsWritten() async throws {
        let adb = try fakeADB(devices: "emulator-5554\toffline")
        let destination = destination(path: adb.path)
        #expect(await destination.availability().reason?.contains("through adb when a phone is attached") == true)
        let receipt = try await destination.deliver(try destination.prepare(try share(Self.card)))
        #expect(receipt.summary.contains("no Android device on adb"))
        #expect(loggedCalls(adb.log) == [["devices"]])
        #expect(folder.names(in: "out").contains("card.instagram.plist"))
    }

    @Test func withADeviceTheExactAdbCommandsRun() async throws {
        let adb = try fakeADB(devices: "R58M123ABC\tdevice")
        let destination = destination(.init(appID: Self.appID, placement: .sticker), path: adb.path)
        let receipt = try await destination.deliver(try destination.prepare(try share(Self.card)))
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.locations.prefix(2) == ["R58M123ABC", "content://media/external/images/media/42"])
        #expect(receipt.nextStep == "finish the story on the phone (R58M123ABC) and tap Share")
        let local = "\(folder.path)/out/card.png"
        let remote = "/sdcard/Pictures/sharevia/card.png"
        #expect(
            loggedCalls(adb.log) == [
                ["devices"],
                ["-s", "R58M123ABC", "push", local, remote],
                [
                    "-s", "R58M123ABC", "shell", "am", "broadcast", "-a",
                    "android.intent.action.MEDIA_SCANNER_SCAN_FILE",
                    "-d", "'file://\(remote)'",
                ],
                [
                    "-s", "R58M123ABC", "shell", "content", "query", "--uri", "content://media/external/images/media",
                    "--projection", "_id", "--where", "'_data='\\''\(remote)'\\'' OR _display_name='\\''card.png'\\'''",
                ],
                [
                    "-s", "R58M123ABC", "shell", "am", "start", "-a", "com.instagram.share.ADD_TO_STORY", "-p",
                    "com.instagram.android", "-t", "image/png", "--eu", "interactive_asset_uri",
                    "content://media/external/images/media/42", "--grant-read-uri-permission", "--es",
                    "source_application",
                    "'1234567890'", "--es", "top_background_color", "'#4E1E94'", "--es", "bottom_background_color",
                    "'#F77217'", "--es", "content_url", "'https://example.com/streak'", "--es", "link_url",
                    "'https://example.com/streak'", "--es", "link_text", "'7-day streak'",
                ],
            ]
        )
    }

    @Test func severalDevicesNeedDevice() async throws {
        let adb = try fakeADB(devices: "A1\tdevice\\nB2\tdevice")
        let destination = destination(path: adb.path)
        let error = await #expect(throws: ShareError.self) {
            try await destination.deliver(try destination.prepare(try share(Self.card)))
        }
        #expect(error?.detail == ShareError.Detail(.choiceNeeded, setting: "device", found: ["A1", "B2"]))
        #expect(error?.message.hasPrefix("2 devices are attached (A1, B2)") == true)
        let chosen = self.destination(.init(appID: Self.appID, device: "B2"), path: adb.path)
        let receipt = try await chosen.deliver(try chosen.prepare(try share(Self.card)))
        #expect(receipt.locations.first == "B2")
    }
}
