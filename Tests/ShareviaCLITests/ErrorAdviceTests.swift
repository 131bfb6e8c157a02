import Destinations
import ShareCards
import ShareCore
import Testing

@testable import ShareviaCLI

/// The command line's advice for library errors: the libraries give facts (a code, a setting, a
/// value), and ``ErrorAdvice`` words them with sharevia's flags, exactly as the messages read
/// before the libraries stopped naming flags.
@Suite struct ErrorAdviceTests {
    typealias Detail = ShareError.Detail

    /// One library message with its facts, and what the command line prints for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var destination: DestinationID?
        var stage: ErrorAdvice.Stage
        var message: String
        var detail: Detail
        var expected: String
        var testDescription: String { expected }
    }

    static let cases: [Case] = [
        Case(
            destination: "instagram",
            stage: .share,
            message: "2 devices are attached (A1, B2); Configuration.device picks none",
            detail: Detail(.choiceNeeded, setting: "device", found: ["A1", "B2"]),
            expected: "2 devices are attached (A1, B2); pick one with --device SERIAL"
        ),
        Case(
            destination: "instagram",
            stage: .share,
            message: "no Facebook App ID (Configuration.appID)",
            detail: Detail(.missingSetting, setting: "appID"),
            expected: "no Facebook App ID (--instagram-app-id)"
        ),
        Case(
            destination: "instagram",
            stage: .share,
            message: "card.png is 21000000 bytes; Instagram hand-offs take at most 20 MiB: make it smaller",
            detail: Detail(.overLimit, value: "20971520", found: ["21000000"]),
            expected:
                "card.png is 21000000 bytes; Instagram hand-offs take at most 20 MiB: make it smaller (sharevia image convert --compression smallest)"
        ),
        Case(
            destination: "instagram",
            stage: .share,
            message: "card.png is 100x100; a story background must be 9:16 or 9:18 and at least 720x1280",
            detail: Detail(.imageLayout, setting: "fit", value: "100x100"),
            expected:
                "card.png is 100x100; a story background must be 9:16 or 9:18 and at least 720x1280. Pass --fit to place it on a 1080x1920 canvas, or --as sticker"
        ),
        Case(
            destination: "sms",
            stage: .share,
            message:
                "2 phones are paired and reachable (aaa (Pixel), bbb (Galaxy S23)); Configuration.device picks none",
            detail: Detail(.choiceNeeded, setting: "device", found: ["aaa (Pixel)", "bbb (Galaxy S23)"]),
            expected: "2 phones are paired and reachable (aaa (Pixel), bbb (Galaxy S23)); pick one with --sms-device ID"
        ),
        Case(
            destination: "sms",
            stage: .share,
            message:
                "the link alone takes 2 SMS segments, over Configuration.maxSegments 1; raise the limit or share a shorter link",
            detail: Detail(.overLimit, setting: "maxSegments", value: "1", found: ["2"]),
            expected:
                "the link alone takes 2 SMS segments, over --sms-max-segments 1; raise the limit or share a shorter link"
        ),
        Case(
            destination: "sms",
            stage: .share,
            message: "device dev1 (Configuration.device) needs kdeconnect-cli, which is not installed",
            detail: Detail(.unusableSetting, setting: "device", value: "dev1"),
            expected: "--sms-device dev1 needs kdeconnect-cli, which is not installed (apt-get install kdeconnect)"
        ),
        Case(
            destination: "clipboard",
            stage: .share,
            message:
                "verification failed: CLIPBOARD offers TARGETS, UTF8_STRING, not image/png, right after copying (did another program take it?)",
            detail: Detail(.verificationFailed, setting: "verify"),
            expected:
                "verification failed: CLIPBOARD offers TARGETS, UTF8_STRING, not image/png, right after copying (did another program take it?); retry, or pass --no-verify to skip the check"
        ),
        Case(
            destination: "clipboard",
            stage: .share,
            message:
                "verification failed: CLIPBOARD holds 5 bytes that differ from the 5 copied as UTF8_STRING (did another program take it?); withdrew the copy, so CLIPBOARD no longer holds the share (what was there before the copy is gone too)",
            detail: Detail(.verificationFailed, setting: "verify"),
            expected:
                "verification failed: CLIPBOARD holds 5 bytes that differ from the 5 copied as UTF8_STRING (did another program take it?); retry, or pass --no-verify to skip the check; withdrew the copy, so CLIPBOARD no longer holds the share (what was there before the copy is gone too)"
        ),
        Case(
            destination: "email",
            stage: .share,
            message:
                "the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit)",
            detail: Detail(.overLimit, setting: "attachmentLimit", value: "1048576", found: ["a.png"]),
            expected:
                "the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit; the CLI's --email-max-attachment-mib)"
        ),
        Case(
            destination: "email",
            stage: .share,
            message: "TLS with smtp://mail.example:587 failed: bad certificate",
            detail: Detail(.tlsFailed, setting: "caFile", found: ["smtp://mail.example:587"]),
            expected:
                "TLS with smtp://mail.example:587 failed: bad certificate; if the server uses a private CA, pass its certificate with --smtp-ca-file"
        ),
        Case(
            destination: "email",
            stage: .share,
            message: "smtp://mail.example:25 does not offer STARTTLS, and TLS is required: ...",
            detail: Detail(.tlsFailed, setting: "security", found: ["smtp://mail.example:25"]),
            expected:
                "smtp://mail.example:25 does not offer STARTTLS, and TLS is required: use smtps:// or a server with STARTTLS (--smtp-tls opportunistic or none only on a trusted network)"
        ),
        Case(
            destination: "email",
            stage: .share,
            message: "To: 'x' contains a line feed (LF), which could inject headers into the message; remove it",
            detail: Detail(.unusableSetting, setting: "to"),
            expected:
                "To (--email-to): 'x' contains a line feed (LF), which could inject headers into the message; remove it"
        ),
        Case(
            destination: "email",
            stage: .share,
            message: "no sender (Configuration.from)",
            detail: Detail(.missingSetting, setting: "from"),
            expected: "no sender: pass --email-from ADDRESS"
        ),
        Case(
            destination: "file",
            stage: .share,
            message: "/tmp/x exists but is not a folder",
            detail: Detail(.unusableSetting, setting: "directory", value: "/tmp/x"),
            expected: "/tmp/x exists but is not a folder; pass another folder with --out"
        ),
        Case(
            destination: "file",
            stage: .share,
            message: "can't create a file in /tmp/x: No space left on device",
            detail: Detail(.writeFailed, setting: "directory", value: "no-space"),
            expected:
                "can't create a file in /tmp/x: No space left on device; free some space or pass another folder with --out"
        ),
        Case(
            destination: "hook",
            stage: .availability,
            message:
                "secret 'signing' is not set (PluginSettings.secrets); secret 'token' is not set (PluginSettings.secrets)",
            detail: Detail(.missingSetting, setting: "secrets", found: ["signing", "token"]),
            expected:
                "secret 'signing' is not set; add plugins.settings.hook.signing_env: VARIABLE or signing_file: PATH to the config file; secret 'token' is not set; add plugins.settings.hook.token_env: VARIABLE or token_file: PATH to the config file"
        ),
        Case(
            destination: nil,
            stage: .share,
            message: "card.png: no such file. Check the path.",
            detail: Detail(.missingFile, value: "card.png"),
            expected: "card.png: no such file. Check the path, or pass --text for a text-only share."
        ),
    ]

    @Test(arguments: cases)
    func libraryFactsBecomeTheCommandLinesAdvice(_ example: Case) {
        let error = ShareError(
            .permanent,
            destination: example.destination,
            message: example.message,
            detail: example.detail
        )
        #expect(ErrorAdvice.message(for: error, stage: example.stage) == example.expected)
    }

    @Test(arguments: [
        (
            DestinationID("sms"),
            "smart encoding (Configuration.smartEncoding) would make it GSM-7 in 3 segments (3 fewer)",
            "smart encoding (--sms-smart-encoding) would make it GSM-7 in 3 segments (3 fewer)"
        ),
        (
            "instagram",
            "500x500 is not a 9:16 or 9:18 background of at least 720x1280, so it is a sticker over a gradient (Configuration.fit makes it a background)",
            "500x500 is not a 9:16 or 9:18 background of at least 720x1280, so it is a sticker over a gradient (--fit makes it a background)"
        ),
        (
            "instagram",
            "edge colours could not be measured (x); the gradient is black where Configuration.topColor/bottomColor are not given",
            "edge colours could not be measured (x); the gradient is black where --top-color/--bottom-color are not given"
        ),
        (
            "instagram",
            "Configuration.topColor/bottomColor not carried: Instagram ignores colours behind a background image",
            "--top-color/--bottom-color not carried: Instagram ignores colours behind a background image"
        ),
        (
            "email", "no recipient (Configuration.to): the draft has none",
            "no recipient (--email-to): the draft has none"
        ),
        (
            "email",
            "wrote the message to /tmp/a.eml and a mailto: URI (no SMTP server: Configuration.smtp or SHAREVIA_SMTP_URL)",
            "wrote the message to /tmp/a.eml and a mailto: URI (no SMTP server: --smtp or SHAREVIA_SMTP_URL)"
        ),
        (
            "file",
            "wrote share.txt to /tmp/s (card.eml not kept: the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit))",
            "wrote share.txt to /tmp/s (card.eml not kept: the attachments may hold at most 1 MiB (1048576 bytes) together for email, and a.png is larger than that; mail servers refuse larger messages. Share a smaller file, or raise the limit (EmailDestination.Configuration.attachmentLimit; the CLI's --email-max-attachment-mib))"
        ),
        ("x", "trimmed 41 characters", "trimmed 41 characters"),
    ])
    func notesAndReceiptsNameTheFlags(destination: DestinationID, library: String, expected: String) {
        #expect(ErrorAdvice.mentioningFlags(library, destination: destination) == expected)
    }

    @Test func aDraftsNoteThroughTheRegistryNamesTheFlag() throws {
        let environment = ShareEnvironment(["PATH": "/nonexistent", "HOME": "/home/someone"])
        let registry = DestinationRegistry.standard(environment: environment).advised()
        let email = try #require(registry.destination("email"))
        let prepared = try email.prepare(ShareRequest(content: ShareContent(text: "Seven days")))
        #expect(prepared.notes.contains("no recipient (--email-to): the draft has none"))
    }

    @Test func anErrorWithoutFactsKeepsItsMessage() {
        let error = ShareError(.permanent, destination: "email", message: "the server said no")
        #expect(ErrorAdvice.message(for: error) == "the server said no")
    }

    /// The real destinations' reasons, through the registry the command line builds.
    @Test func theRegistryGivesEveryReasonTheCommandLinesWords() async throws {
        let environment = ShareEnvironment(["PATH": "/nonexistent", "HOME": "/home/someone"])
        let registry = DestinationRegistry.standard(environment: environment).advised()
        let instagram = await (try #require(registry.destination("instagram"))).availability()
        #expect(
            instagram.reason
                == "no Facebook App ID: pass --instagram-app-id ID or set SHAREVIA_INSTAGRAM_APP_ID (Instagram refuses stories without one)"
        )
        let sms = await (try #require(registry.destination("sms"))).availability()
        #expect(sms.reason?.contains("no recipient (--sms-to NUMBER or SHAREVIA_SMS_TO)") == true)
        let mastodon = await (try #require(registry.destination("mastodon"))).availability()
        #expect(
            mastodon.reason
                == "no Mastodon instance set (pass --mastodon-instance or set SHAREVIA_MASTODON_INSTANCE=mastodon.social)"
        )
        let email = await (try #require(registry.destination("email"))).availability()
        #expect(
            email.reason
                == "no SMTP server (--smtp or SHAREVIA_SMTP_URL): writes a .eml draft to /home/someone/.local/share/sharevia/shares and prints a mailto: URI"
        )
    }

    @Test func withoutAHomeTheFolderAdviceNamesOut() async throws {
        let registry = DestinationRegistry.standard(environment: ShareEnvironment(["PATH": "/nonexistent"])).advised()
        let file = await (try #require(registry.destination("file"))).availability()
        #expect(file.reason == "neither XDG_DATA_HOME nor HOME is set; pass --out DIR to choose a folder")
        let instagram = await (try #require(registry.destination("instagram"))).availability()
        #expect(instagram.reason?.contains("--instagram-app-id") == true)
    }

    @Test func anUnknownDestinationPointsToTheListing() throws {
        let registry = DestinationRegistry.standard(environment: ShareEnvironment([:])).advised()
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
