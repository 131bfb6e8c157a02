import Destinations
import Foundation
import LocalFiles
import ProcessRunning
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// SMS: numbers checked, `sms:` URIs that decode back to the exact text, and the KDE Connect path
/// checked to the exact command lines with a stand-in `kdeconnect-cli` (no phone can be paired
/// on this machine), falling back to the `sms:` URI when it is missing or lists no phone.
@Suite struct SMSTests {
    let folder = TemporaryFolder()

    func destination(
        _ configuration: SMSDestination.Configuration = .init(recipients: [try! PhoneNumber(validating: "+14155550123")]
        ),
        path: String = "/nonexistent",
        extra: [String: String] = [:]
    ) -> SMSDestination {
        SMSDestination(
            configuration: configuration,
            environment: ShareEnvironment(["HOME": folder.path, "PATH": path].merging(extra) { $1 })
        )
    }

    static let content = ShareContent(
        title: "7-day streak",
        text: "Seven days in a row 🔥",
        link: "https://example.com/streak",
        hashtags: ["streak"]
    )

    static let message = "7-day streak\nSeven days in a row 🔥\nhttps://example.com/streak\n#streak"

    /// A stand-in kdeconnect-cli listing `devices` (`ID NAME` lines); `--help` mentions
    /// `--attachment` when `attachments` is true; `--send-sms` exits with `sendStatus`.
    func fakeKDEConnect(devices: String, attachments: Bool = true, sendStatus: String = "0") throws -> RecordingTool {
        try RecordingTool(
            "kdeconnect-cli",
            in: folder,
            body: """
                case "$1" in
                  --list-available) printf '\(devices)' ;;
                  --help) echo '  --destination <phone number>  Phone number to send the message'\(attachments ? "; echo '  --attachment <file>  File urls to send attachments with the message'" : "") ;;
                  --device) status=\(sendStatus); set -- $status; n=$(ls '\(folder.path)/calls-kdeconnect-cli' | wc -l); eval "exit \\${$((n > $# ? $# : n))}" ;;
                esac
                """
        )
    }

    // MARK: Numbers and URIs

    @Test(arguments: [
        ("+14155550123", "+14155550123"), ("+44 20 7946 0958", "+442079460958"), ("(0151) 234-5678", "01512345678"),
        ("12345", "12345"), (" +1.415.555.0123 ", "+14155550123"),
    ])
    func validNumbersAreNormalised(_ input: String, _ expected: String) throws {
        #expect(try PhoneNumber(validating: input).description == expected)
    }

    @Test(arguments: [
        ("", "an empty phone number"), ("call me", "'c' is not a digit"),
        ("+0 151 234", "a country code never starts with 0"),
        ("12", "too few digits"), ("+1234567890123456", "has 16 digits; E.164 allows at most 15"),
        ("1+2345", "'+' may only start it"),
    ])
    func badNumbersSayWhy(_ input: String, _ message: String) {
        let error = #expect(throws: PhoneNumberError.self) { try PhoneNumber(validating: input) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test(arguments: [
        "Seven days in a row 🔥", "a&b=c?d#e%f+g /h", "line one\nline two\r\nthree", "e\u{301} 👨‍👩‍👧‍👦 🇯🇵 中文", "",
        "100% sure; x=1&body=2",
    ])
    func smsURIsDecodeBackToTheExactText(_ text: String) throws {
        let numbers = [try PhoneNumber(validating: "+14155550123"), try PhoneNumber(validating: "0151 2345678")]
        let uri = SMSURI.make(recipients: numbers, body: text)
        #expect(uri.hasPrefix("sms:+14155550123,01512345678"))
        #expect(!uri.contains(" ") && !uri.contains("\n") && uri.unicodeScalars.allSatisfy(\.isASCII))
        let parsed = try #require(SMSURI.parse(uri))
        #expect(parsed.recipients == ["+14155550123", "01512345678"])
        #expect(parsed.body == text)
        #expect(SMSURI.make(recipients: [], body: "hi") == "sms:?body=hi")
    }

    // MARK: The sms: URI path

    @Test func withoutKDEConnectTheURIIsPrintedInTheNextStep() async throws {
        let destination = destination()
        let availability = await destination.availability()
        #expect(availability.isAvailable)
        #expect(
            availability.reason
                == "prints an sms: URI (no desktop session: neither DISPLAY nor WAYLAND_DISPLAY is set); can't send through a phone: kdeconnect-cli is not installed (apt-get install kdeconnect)"
        )
        let prepared = try destination.prepare(ShareRequest(content: Self.content))
        #expect(prepared.text == Self.message)
        #expect(prepared.summary == "sms: UCS-2, 1 segment, 70 UTF-16 units (0 left in the last)")
        #expect(prepared.notes == ["UCS-2 forced by 🔥 (U+1F525)"])
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .handedOff)
        let uri = try #require(receipt.locations.first)
        #expect(receipt.nextStep == "open this sms: URI on a phone to send the message: \(uri)")
        #expect(receipt.summary == "printed the sms: URI (kdeconnect-cli is not installed)")
        #expect(SMSURI.parse(uri)?.body == Self.message)
        #expect(SMSURI.parse(uri)?.recipients == ["+14155550123"])
    }

    @Test func kdeConnectWithNoPairedPhoneFallsBackToTheURI() async throws {
        let tool = try fakeKDEConnect(devices: "")
        let destination = destination(path: tool.folder)
        #expect(
            await destination.availability().reason?.hasPrefix("sends through a phone paired with KDE Connect") == true
        )
        let receipt = try await destination.deliver(try destination.prepare(ShareRequest(content: Self.content)))
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.summary == "printed the sms: URI (no paired, reachable phone on KDE Connect)")
        #expect(tool.calls() == [["--list-available", "--id-name-only"]])
    }

    @Test func withoutRecipientsNoPhoneIsAsked() async throws {
        let tool = try fakeKDEConnect(devices: "abc123 Pixel 7\\n")
        let destination = destination(.init(), path: tool.folder)
        let availability = await destination.availability()
        #expect(availability.reason?.contains(SMSDestination.noRecipientNote) == true)
        #expect(availability.detail == ShareError.Detail(.missingSetting, setting: "recipients"))
        let receipt = try await destination.deliver(try destination.prepare(ShareRequest(content: Self.content)))
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.locations.first?.hasPrefix("sms:?body=7-day%20streak%0ASeven") == true)
        #expect(tool.calls().isEmpty)
    }

    @Test func inADesktopSessionXdgOpenOpensTheURI() async throws {
        let opener = try RecordingTool("xdg-open", in: folder)
        let destination = destination(path: opener.folder, extra: ["DISPLAY": ":99"])
        let receipt = try await destination.deliver(try destination.prepare(ShareRequest(content: Self.content)))
        let uri = SMSURI.make(recipients: [try PhoneNumber(validating: "+14155550123")], body: Self.message)
        #expect(opener.calls() == [[uri]])
        #expect(receipt.summary == "opened the sms: URI with xdg-open (kdeconnect-cli is not installed)")
        #expect(receipt.nextStep == "send the message from the messaging app (\(uri))")
    }

    // MARK: Through a paired phone

    @Test func aPairedPhoneSendsToEachRecipientWithTheCard() async throws {
        let tool = try fakeKDEConnect(devices: "0f3a9c1d_2b Pixel 7 Pro\\n")
        let numbers = try ["+14155550123", "0151 2345678"].map { try PhoneNumber(validating: $0) }
        let destination = destination(.init(recipients: numbers), path: tool.folder)
        let card = PackageRoot.exampleCard
        let content = ShareContent(
            text: "Seven days",
            link: "https://e.x",
            attachments: [try ShareAttachment.file(card)]
        )
        let prepared = try destination.prepare(ShareRequest(content: content))
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .delivered)
        #expect(
            receipt.summary
                == "sent through Pixel 7 Pro (KDE Connect 0f3a9c1d_2b) to +14155550123, 01512345678: GSM-7, 1 segment, with card.png"
        )
        #expect(receipt.locations == ["0f3a9c1d_2b", "+14155550123", "01512345678"])
        #expect(
            tool.calls() == [
                ["--list-available", "--id-name-only"],
                ["--help"],
                [
                    "--device", "0f3a9c1d_2b", "--send-sms", "Seven days\nhttps://e.x", "--destination", "+14155550123",
                    "--attachment", card,
                ],
                [
                    "--device", "0f3a9c1d_2b", "--send-sms", "Seven days\nhttps://e.x", "--destination", "01512345678",
                    "--attachment", card,
                ],
            ]
        )
    }

    @Test func anOlderKDEConnectSendsTheTextAndSaysTheCardWasNotAttached() async throws {
        let tool = try fakeKDEConnect(devices: "dev1 Phone\\n", attachments: false)
        let destination = destination(path: tool.folder)
        let content = ShareContent(text: "hi", attachments: [try ShareAttachment.file(PackageRoot.exampleCard)])
        let receipt = try await destination.deliver(try destination.prepare(ShareRequest(content: content)))
        #expect(receipt.summary.hasSuffix("; card.png not attached (this kdeconnect-cli has no --attachment)"))
        #expect(tool.calls().last == ["--device", "dev1", "--send-sms", "hi", "--destination", "+14155550123"])
    }

    @Test func severalPhonesNeedSmsDeviceAndAnUnknownOneIsAnError() async throws {
        let tool = try fakeKDEConnect(devices: "aaa Pixel\\nbbb Galaxy S23\\n")
        let several = await #expect(throws: ShareError.self) {
            try await destination(path: tool.folder).deliver(
                try destination(path: tool.folder).prepare(ShareRequest(content: Self.content))
            )
        }
        #expect(
            several?.detail
                == ShareError.Detail(.choiceNeeded, setting: "device", found: ["aaa (Pixel)", "bbb (Galaxy S23)"])
        )
        #expect(several?.message.hasPrefix("2 phones are paired and reachable (aaa (Pixel), bbb (Galaxy S23))") == true)
        #expect(several?.code == .permanent)
        let number = try PhoneNumber(validating: "+14155550123")
        let chosen = destination(.init(recipients: [number], device: "bbb"), path: tool.folder)
        let receipt = try await chosen.deliver(try chosen.prepare(ShareRequest(content: Self.content)))
        #expect(receipt.locations == ["bbb", "+14155550123"])
        let unknown = destination(.init(recipients: [number], device: "ccc"), path: tool.folder)
        let error = await #expect(throws: ShareError.self) {
            try await unknown.deliver(try unknown.prepare(ShareRequest(content: Self.content)))
        }
        #expect(
            error?.message
                == "phone ccc is not paired and reachable on KDE Connect; kdeconnect-cli lists aaa (Pixel), bbb (Galaxy S23)"
        )
    }

    @Test func aFailedFirstSendIsTransientAndALaterOneSaysWhoGotIt() async throws {
        let numbers = try ["+14155550123", "+14155550124"].map { try PhoneNumber(validating: $0) }
        let first = try fakeKDEConnect(devices: "dev1 Phone\\n", sendStatus: "'1 1 1'")
        let failing = destination(.init(recipients: numbers), path: first.folder)
        let transient = await #expect(throws: ShareError.self) {
            try await failing.deliver(try failing.prepare(ShareRequest(content: Self.content)))
        }
        #expect(transient?.code == .transient)
        #expect(transient?.message.hasPrefix("kdeconnect-cli could not send through Phone (dev1)") == true)
    }

    @Test func aLaterFailureIsPermanentSoNobodyGetsItTwice() async throws {
        let numbers = try ["+14155550123", "+14155550124"].map { try PhoneNumber(validating: $0) }
        // Exit statuses by call: the listing, the first send (0), the second send (1).
        let tool = try fakeKDEConnect(devices: "dev1 Phone\\n", sendStatus: "'0 0 1'")
        let partial = destination(.init(recipients: numbers), path: tool.folder)
        let error = await #expect(throws: ShareError.self) {
            try await partial.deliver(try partial.prepare(ShareRequest(content: Self.content)))
        }
        #expect(error?.code == .permanent)
        #expect(error?.message.hasPrefix("sent to +14155550123 but not to +14155550124: ") == true)
    }

    // MARK: Shaping

    @Test func smartEncodingAndTheSegmentLimitShapeTheMessage() throws {
        let number = try PhoneNumber(validating: "+14155550123")
        let text = "It’s day seven — “keep going”… " + String(repeating: "and going ", count: 30)
        let content = ShareContent(text: text, link: "https://example.com/streak", hashtags: ["streak", "run"])
        let plain = try destination(.init(recipients: [number])).prepare(ShareRequest(content: content))
        #expect(plain[field: "encoding"] == "UCS-2" && plain[field: "segments"] == "6")
        #expect(
            plain.notes.contains(
                "smart encoding (Configuration.smartEncoding) would make it GSM-7 in 3 segments (3 fewer)"
            )
        )
        let smart = try destination(.init(recipients: [number], smartEncoding: true, maxSegments: 2))
            .prepare(ShareRequest(content: content))
        #expect(smart[field: "encoding"] == "GSM-7" && smart[field: "segments"] == "2")
        #expect(smart.text?.hasPrefix("It's day seven - \"keep going\"... and going") == true)
        #expect(smart.text?.hasSuffix("...\nhttps://example.com/streak") == true)
        #expect(smart.notes.first == "smart encoding: ’ → ', — → -, “ → \", ” → \", … → ...")
        #expect(smart.notes.contains("dropped #run #streak"))
        #expect(smart.notes.contains { $0.hasPrefix("trimmed ") })
    }

    @Test func aLinkLongerThanTheLimitIsRefused() throws {
        let link = "https://example.com/" + String(repeating: "a", count: 200)
        let error = #expect(throws: ShareError.self) {
            try destination(.init(maxSegments: 1)).prepare(ShareRequest(content: ShareContent(text: "hi", link: link)))
        }
        #expect(error?.code == .contentRejected)
        #expect(error?.detail == ShareError.Detail(.overLimit, setting: "maxSegments", value: "1", found: ["2"]))
        #expect(error?.message.hasPrefix("the link alone takes 2 SMS segments") == true)
    }

    @Test func theEnvironmentFillsWhatFlagsLeaveAndABadValueIsNamed() async throws {
        let fromEnvironment = destination(
            .init(),
            extra: [
                "SHAREVIA_SMS_TO": "+14155550123, 0151 2345678", "SHAREVIA_SMS_SMART_ENCODING": "1",
                "SHAREVIA_SMS_MAX_SEGMENTS": "2",
            ]
        )
        #expect(fromEnvironment.configuration.recipients.map(\.description) == ["+14155550123", "01512345678"])
        #expect(fromEnvironment.configuration.smartEncoding && fromEnvironment.configuration.maxSegments == 2)
        let flagsWin = destination(extra: ["SHAREVIA_SMS_TO": "+999"])
        #expect(flagsWin.configuration.recipients.map(\.description) == ["+14155550123"])
        let bad = destination(.init(), extra: ["SHAREVIA_SMS_TO": "+1415555012x"])
        let availability = await bad.availability()
        #expect(!availability.isAvailable)
        #expect(
            availability.reason?.hasPrefix("SHAREVIA_SMS_TO: '+1415555012x' is not a phone number: 'x' is not a digit")
                == true
        )
        let badLimit = destination(.init(), extra: ["SHAREVIA_SMS_MAX_SEGMENTS": "0"])
        #expect(
            await badLimit.availability().reason
                == "SHAREVIA_SMS_MAX_SEGMENTS='0' is not a whole number of segments (1 or more)"
        )
    }

    @Test func itConforms() async throws {
        let failures = await DestinationConformance(destination(), deliverSample: true).run()
        #expect(failures.isEmpty, "\(failures)")
    }
}
