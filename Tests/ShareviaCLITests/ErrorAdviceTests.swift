import Foundation
import LocalFiles
import ShareCards
import ShareCore
import Testing

@testable import Clipboard
@testable import Destinations
@testable import ShareviaCLI

#if canImport(Glibc)
import Glibc
#endif

/// The command line's advice for library errors, notes and receipts: the libraries give facts (a
/// code, a setting, the words that name it tied to its declaration), and ``ErrorAdvice`` words
/// them with sharevia's flags, exactly as the messages read before the libraries stopped naming
/// flags. Each error comes from the library's own code, not from words written here.
@Suite struct ErrorAdviceTests {
    typealias Detail = ShareError.Detail

    /// An error the library makes, what its library callers read (when it is pinned), and what
    /// the command line prints for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var error: @Sendable () async throws -> ShareError
        var library: String? = nil
        var expected: String
        var testDescription: String { expected }
    }

    /// The error `body` throws.
    static func thrown(_ body: () async throws(ShareError) -> Void) async throws -> ShareError {
        do {
            try await body()
        } catch {
            return error
        }
        throw CancellationError()
    }

    /// An error with the library's `message` and the facts its code attaches (for messages whose
    /// paths or names are pinned here).
    static func error(_ message: String, _ detail: Detail, destination: DestinationID? = nil) -> ShareError {
        ShareError(.permanent, destination: destination, message: message, detail: detail)
    }

    static let home = ShareEnvironment(["PATH": "/nonexistent", "HOME": "/home/someone"])

    static let cases: [Case] = [
        Case(
            error: {
                try await thrown { () throws(ShareError) in
                    _ = try InstagramDestination(environment: home).chooseDevice(["A1", "B2"])
                }
            },
            library: "2 devices are attached (A1, B2); Configuration.device picks none",
            expected: "2 devices are attached (A1, B2); pick one with --device SERIAL"
        ),
        Case(
            error: {
                try await thrown { () throws(ShareError) in
                    _ = try InstagramDestination(environment: home).prepare(
                        ShareRequest(content: ShareContent(text: "x"))
                    )
                }
            },
            library: "no Facebook App ID (Configuration.appID)",
            expected: "no Facebook App ID (--instagram-app-id)"
        ),
        Case(
            error: {
                let instagram = InstagramDestination(
                    configuration: .init(appID: "123"),
                    environment: home
                )
                let image = ShareAttachment.bytes(Data(count: 21_000_000), mimeType: "image/png", fileName: "card.png")
                return try await thrown { () throws(ShareError) in
                    _ = try instagram.prepare(ShareRequest(content: ShareContent(text: "", attachments: [image])))
                }
            },
            library: "card.png is 21000000 bytes; Instagram hand-offs take at most 20 MiB: make it smaller",
            expected:
                "card.png is 21000000 bytes; Instagram hand-offs take at most 20 MiB: make it smaller (sharevia image convert --compression smallest)"
        ),
        Case(
            error: {
                error(
                    "card.png is 100x100; a story background must be 9:16 or 9:18 and at least 720x1280",
                    try #require(InstagramStoryLayout.notABackground("card.png", width: 100, height: 100).detail)
                )
            },
            expected:
                "card.png is 100x100; a story background must be 9:16 or 9:18 and at least 720x1280. Pass --fit to place it on a 1080x1920 canvas, or --as sticker"
        ),
        Case(
            error: {
                try await thrown { () throws(ShareError) in
                    _ = try SMSDestination(environment: home).chooseDevice([
                        KDEConnect.Device(id: "aaa", name: "Pixel"), KDEConnect.Device(id: "bbb", name: "Galaxy S23"),
                    ])
                }
            },
            library:
                "2 phones are paired and reachable (aaa (Pixel), bbb (Galaxy S23)); Configuration.device picks none",
            expected: "2 phones are paired and reachable (aaa (Pixel), bbb (Galaxy S23)); pick one with --sms-device ID"
        ),
        Case(
            error: {
                let sms = SMSDestination(configuration: .init(maxSegments: 1), environment: home)
                let link = "https://example.com/" + String(repeating: "a", count: 200)
                return try await thrown { () throws(ShareError) in
                    _ = try sms.prepare(ShareRequest(content: ShareContent(text: "hi", link: link)))
                }
            },
            library:
                "the link alone takes 2 SMS segments, over Configuration.maxSegments 1; raise the limit or share a shorter link",
            expected:
                "the link alone takes 2 SMS segments, over --sms-max-segments 1; raise the limit or share a shorter link"
        ),
        Case(
            error: {
                let number = try PhoneNumber(validating: "+15555550100")
                let sms = SMSDestination(configuration: .init(recipients: [number], device: "dev1"), environment: home)
                return try await thrown { () async throws(ShareError) in
                    _ = try await sms.deliver(try sms.prepare(ShareRequest(content: ShareContent(text: "hi"))))
                }
            },
            library:
                "device dev1 (Configuration.device) needs kdeconnect-cli, which is not installed (apt-get install kdeconnect)",
            expected: "--sms-device dev1 needs kdeconnect-cli, which is not installed (apt-get install kdeconnect)"
        ),
        Case(
            error: {
                error(
                    "verification failed: CLIPBOARD offers TARGETS, UTF8_STRING, not image/png, right after copying (did another program take it?)",
                    ClipboardVerifier.detail
                )
            },
            expected:
                "verification failed: CLIPBOARD offers TARGETS, UTF8_STRING, not image/png, right after copying (did another program take it?); retry, or pass --no-verify to skip the check"
        ),
        Case(
            error: {
                error(
                    "verification failed: CLIPBOARD holds 5 bytes that differ from the 5 copied as UTF8_STRING (did another program take it?); withdrew the copy, so CLIPBOARD no longer holds the share (what was there before the copy is gone too)",
                    ClipboardVerifier.detail
                )
            },
            expected:
                "verification failed: CLIPBOARD holds 5 bytes that differ from the 5 copied as UTF8_STRING (did another program take it?); retry, or pass --no-verify to skip the check; withdrew the copy, so CLIPBOARD no longer holds the share (what was there before the copy is gone too)"
        ),
        Case(
            error: { EmailAttachmentLimit.exceeded(limit: 1_048_576, file: "a.png", whileReading: false) },
            expected:
                "the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit; the CLI's --email-max-attachment-mib)"
        ),
        Case(
            error: {
                try smtp("smtp://mail.example:587").classify(
                    .init(curlCode: 60, responseCode: 0, error: "bad certificate")
                )
            },
            library: "TLS with smtp://mail.example:587 failed: bad certificate",
            expected:
                "TLS with smtp://mail.example:587 failed: bad certificate; if the server uses a private CA, pass its certificate with --smtp-ca-file"
        ),
        Case(
            error: { try smtp("smtp://mail.example:25").classify(.init(curlCode: 64, responseCode: 0, error: "")) },
            expected:
                "smtp://mail.example:25 does not offer STARTTLS, and TLS is required: use smtps:// or a server with STARTTLS (--smtp-tls opportunistic or none only on a trusted network)"
        ),
        Case(
            error: {
                error(
                    "To: 'x' contains a line feed (LF), which could inject headers into the message; remove it",
                    Detail(.unusableSetting, setting: "to", mentions: [.field("To", EmailDestination.Settings.to)])
                )
            },
            expected:
                "To (--email-to): 'x' contains a line feed (LF), which could inject headers into the message; remove it"
        ),
        Case(
            error: {
                let email = EmailDestination(configuration: .init(smtp: "smtp://127.0.0.1:1"), environment: home)
                return try await thrown { () async throws(ShareError) in
                    _ = try await email.deliver(try email.prepare(ShareRequest(content: ShareContent(text: "hi"))))
                }
            },
            library: "no sender (Configuration.from)",
            expected: "no sender: pass --email-from ADDRESS"
        ),
        Case(
            error: { AtomicFolderWriter(directory: "/tmp/x", destination: "file").notAFolder() },
            library: "/tmp/x exists but is not a folder",
            expected: "/tmp/x exists but is not a folder; pass another folder with --out"
        ),
        Case(
            error: {
                AtomicFolderWriter(directory: "/tmp/x", destination: "file").failure("can't create a file", ENOSPC)
            },
            library: "can't create a file in /tmp/x: No space left on device",
            expected:
                "can't create a file in /tmp/x: No space left on device; free some space or pass another folder with --out"
        ),
        Case(
            error: {
                let secrets = PluginSecrets(
                    id: "hook",
                    declared: ["signing", "token"],
                    configuration: PluginSettings(),
                    environment: ShareEnvironment([:])
                )
                return ShareError(
                    .unavailable,
                    destination: "hook",
                    message: try #require(secrets.missingReason),
                    detail: secrets.missingDetail
                )
            },
            library:
                "secret 'signing' is not set (PluginSettings.secrets); secret 'token' is not set (PluginSettings.secrets)",
            expected:
                "secret 'signing' is not set; add plugins.settings.hook.signing_env: VARIABLE or signing_file: PATH to the config file; secret 'token' is not set; add plugins.settings.hook.token_env: VARIABLE or token_file: PATH to the config file"
        ),
        Case(
            error: {
                try await thrown { () throws(ShareError) in _ = try ShareAttachment.file("card.png") }
            },
            library: "card.png: no such file. Check the path.",
            expected: "card.png: no such file. Check the path, or pass --text for a text-only share."
        ),
    ]

    static func smtp(_ url: String) throws -> SMTPDelivery {
        SMTPDelivery(
            url: try SMTPURL(parsing: url),
            security: .required,
            timeout: .seconds(1),
            connectTimeout: .seconds(1)
        )
    }

    @Test(arguments: cases)
    func libraryFactsBecomeTheCommandLinesAdvice(_ example: Case) async throws {
        let error = try await example.error()
        if let library = example.library { #expect(error.message == library) }
        #expect(ErrorAdvice.message(for: error) == example.expected)
    }

    @Test(
        arguments: [
            (
                "smart encoding (Configuration.smartEncoding) would make it GSM-7 in 3 segments (3 fewer)",
                [SMSDestination.smartEncodingMention],
                "smart encoding (--sms-smart-encoding) would make it GSM-7 in 3 segments (3 fewer)"
            ),
            (
                "500x500 is not a 9:16 or 9:18 background of at least 720x1280, so it is a sticker over a gradient (Configuration.fit makes it a background)",
                InstagramStoryLayout.mentions,
                "500x500 is not a 9:16 or 9:18 background of at least 720x1280, so it is a sticker over a gradient (--fit makes it a background)"
            ),
            (
                "edge colours could not be measured (x); the gradient is black where Configuration.topColor/bottomColor are not given",
                InstagramStoryLayout.mentions,
                "edge colours could not be measured (x); the gradient is black where --top-color/--bottom-color are not given"
            ),
            (
                "Configuration.topColor/bottomColor not carried: Instagram ignores colours behind a background image",
                InstagramStoryLayout.mentions,
                "--top-color/--bottom-color not carried: Instagram ignores colours behind a background image"
            ),
            (
                "no recipient (Configuration.to): the draft has none", EmailDestination.noteMentions,
                "no recipient (--email-to): the draft has none"
            ),
            (
                "wrote the message to /tmp/a.eml and a mailto: URI (no SMTP server: Configuration.smtp or SHAREVIA_SMTP_URL)",
                EmailDestination.draftReceiptMentions,
                "wrote the message to /tmp/a.eml and a mailto: URI (no SMTP server: --smtp or SHAREVIA_SMTP_URL)"
            ),
            (
                "wrote share.txt to /tmp/s (card.eml not kept: the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit))",
                EmailAttachmentLimit.exceeded(limit: 1_048_576, file: "a.png", whileReading: false).detail?.mentions
                    ?? [],
                "wrote share.txt to /tmp/s (card.eml not kept: the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit; the CLI's --email-max-attachment-mib))"
            ),
            ("trimmed 41 characters", [], "trimmed 41 characters"),
        ] as [(String, [SettingMention], String)]
    )
    func notesAndReceiptsNameTheFlags(library: String, mentions: [SettingMention], expected: String) {
        #expect(ErrorAdvice.words(library, mentions) == expected)
    }

    @Test func aDraftsNoteThroughTheRegistryNamesTheFlag() throws {
        let registry = DestinationRegistry.standard(environment: Self.home)
        let email = try #require(registry.destination("email"))
        let prepared = try email.prepare(ShareRequest(content: ShareContent(text: "Seven days")))
        #expect(prepared.notes.contains("no recipient (Configuration.to): the draft has none"))
        #expect(ErrorAdvice.prepared(prepared).notes.contains("no recipient (--email-to): the draft has none"))
    }

    @Test func anErrorWithoutFactsKeepsItsMessage() {
        let error = ShareError(.permanent, destination: "email", message: "the server said no")
        #expect(ErrorAdvice.message(for: error) == "the server said no")
    }

    /// The real destinations' reasons, as the command line prints them.
    @Test func theRegistryGivesEveryReasonTheCommandLinesWords() async throws {
        let registry = DestinationRegistry.standard(environment: Self.home)
        func reason(_ id: DestinationID) async throws -> String? {
            ErrorAdvice.availability(await (try #require(registry.destination(id))).availability()).reason
        }
        #expect(
            try await reason("instagram")
                == "no Facebook App ID: pass --instagram-app-id ID or set SHAREVIA_INSTAGRAM_APP_ID (Instagram refuses stories without one)"
        )
        #expect(try await reason("sms")?.contains("no recipient (--sms-to NUMBER or SHAREVIA_SMS_TO)") == true)
        #expect(
            try await reason("mastodon")
                == "no Mastodon instance set (pass --mastodon-instance or set SHAREVIA_MASTODON_INSTANCE=mastodon.social)"
        )
        #expect(
            try await reason("email")
                == "no SMTP server (--smtp or SHAREVIA_SMTP_URL): writes a .eml draft to /home/someone/.local/share/sharevia/shares and prints a mailto: URI"
        )
    }

    @Test func withoutAHomeTheFolderAdviceNamesOut() async throws {
        let registry = DestinationRegistry.standard(environment: ShareEnvironment(["PATH": "/nonexistent"]))
        let file = ErrorAdvice.availability(await (try #require(registry.destination("file"))).availability())
        #expect(file.reason == "neither XDG_DATA_HOME nor HOME is set; pass --out DIR to choose a folder")
        let instagram = ErrorAdvice.availability(await (try #require(registry.destination("instagram"))).availability())
        #expect(instagram.reason?.contains("--instagram-app-id") == true)
    }

    @Test func anUnknownDestinationPointsToTheListing() throws {
        let registry = DestinationRegistry.standard(environment: ShareEnvironment([:]))
        let error = #expect(throws: ShareError.self) { try FallbackChain(["nope"]).validatedIDs(against: registry) }
        let message = try #require(error.map { ErrorAdvice.message(for: $0) })
        #expect(message.hasPrefix("unknown destination 'nope'. Known destinations: clipboard, file"))
        #expect(message.hasSuffix(" (run 'sharevia destinations')"))
        let empty = #expect(throws: ShareError.self) { try FallbackChain([]).validatedIDs(against: registry) }
        #expect(
            empty.map { ErrorAdvice.message(for: $0) }
                == "the destination chain is empty; name at least one destination with --to"
        )
    }
}

/// Card spec errors: the library says what is wrong; the command line points to its schema command.
@Suite struct CardErrorAdviceTests {
    @Test(arguments: [
        (
            #"{"version": 2, "kind": "streak", "fields": {"days": 7}}"#,
            "$.version is 2; this sharevia reads version 1 specs"
        ),
        (#"{"kind": "streak"}"#, "$.fields is missing; add the streak card's fields"),
    ])
    func theSchemaCommandIsNamedOnlyByTheCommandLine(spec: String, library: String) {
        let error = #expect(throws: CardError.self) { try CardSpecParser.parse(Array(spec.utf8)) }
        #expect(error?.message == library)
        #expect(error?.schemaShowsTheFix == true)
        #expect(error.map { ErrorAdvice.card($0).message } == library + " (see 'sharevia card schema')")
    }

    @Test func otherCardErrorsKeepTheirMessage() {
        let error = CardError(.invalidSpec, "$.kind 'x' is not a card kind", path: "$.kind")
        #expect(ErrorAdvice.card(error) == error)
    }
}
