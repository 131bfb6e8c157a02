import Destinations
import Foundation
import LocalFiles
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// Delivery to a real SMTP server (aiosmtpd) the tests start on loopback, through libcurl:
/// plain, STARTTLS with a throwaway CA, AUTH PLAIN and LOGIN; the received bytes are the `.eml`'s;
/// every failure classified (down, 4xx, 550, stall) and the password never shown.
/// Serialized: each case starts Python (a server, the parser), and two cores are shared with
/// every other suite, several of which time their child processes.
@Suite(.serialized) struct EmailDeliveryTests {
    let folder = TemporaryFolder("email")
    static let stamp = MessageStamp(secondsSince1970: 1_736_240_700, token: "fedcba9876543210fedcba9876543210")
    static let password = "pa55-Wörd-canary-7f3a"

    func destination(
        _ configuration: EmailDestination.Configuration,
        environment: [String: String] = [:]
    )
        -> EmailDestination
    {
        var configuration = configuration
        configuration.outputDirectory = configuration.outputDirectory ?? folder.file("out")
        return EmailDestination(
            configuration: configuration,
            environment: ShareEnvironment(["HOME": folder.path].merging(environment) { $1 }),
            stamp: { _ in Self.stamp }
        )
    }

    static func smtp(
        _ url: String,
        to: [String] = ["Jörg <friend@bücher.example>"],
        security: EmailDestination.TransportSecurity? = nil,
        caFile: String? = nil,
        timeout: Duration = .seconds(20)
    ) -> EmailDestination.Configuration {
        EmailDestination.Configuration(
            smtp: url,
            from: "Sharevia Test <me@example.org>",
            to: to,
            cc: ["cc@example.org"],
            subject: "Sieben Tage am Stück 🔥 七日連続",
            security: security,
            caFile: caFile,
            timeout: timeout
        )
    }

    static var request: ShareRequest {
        get throws {
            // Renamed in place: the copy keeps the file's reader.
            var renamed = try ShareAttachment.file(PackageRoot.exampleCard)
            renamed.fileName = "カード 🔥.png"
            return ShareRequest(
                content: ShareContent(
                    title: "7-day streak",
                    text: "Seven days in a row\n.a line that starts with a dot",
                    link: "https://example.com/streak",
                    hashtags: ["streak"],
                    attachments: [renamed]
                )
            )
        }
    }

    /// The same message as a draft, for comparing bytes.
    func draftBytes(_ configuration: EmailDestination.Configuration) async throws -> [UInt8] {
        var draft = configuration
        draft.smtp = nil
        draft.outputDirectory = folder.file("draft")
        let destination = EmailDestination(
            configuration: draft,
            environment: ShareEnvironment(["HOME": folder.path]),
            stamp: { _ in Self.stamp }
        )
        let receipt = try await destination.deliver(try destination.prepare(try Self.request))
        #expect(receipt.outcome == .handedOff)
        let path = try #require(receipt.locations.first)
        #expect(path.hasSuffix("/カード 🔥.eml"))
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func plainOnLoopbackDeliversTheDraftsBytesExactly() async throws {
        try await SMTPTestServer.with { server in
            let configuration = Self.smtp(server.url)
            let destination = destination(configuration)
            let prepared = try destination.prepare(try Self.request)
            let receipt = try await destination.deliver(prepared)
            #expect(receipt.outcome == .delivered)
            #expect(receipt.locations == ["<1736240700.fedcba9876543210fedcba9876543210@example.org>"])
            #expect(
                receipt.summary.contains(
                    "accepted the message for friend@xn--bcher-kva.example, cc@example.org (250 2.0.0 OK saved)"
                )
            )
            let received = try #require(server.messagePaths.first, "\(server.log)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: received)))
            #expect(bytes == (try await draftBytes(configuration)), "the server received exactly the .eml's bytes")
            let envelope = try server.envelope(of: received)
            #expect(envelope["mail_from"] as? String == "me@example.org")
            #expect(envelope["rcpt_tos"] as? [String] == ["friend@xn--bcher-kva.example", "cc@example.org"])
            #expect(envelope["tls"] as? Bool == false)
            #expect(server.clientConnections == 1, "the server counts connections: \(server.log)")
            let report = try await MailCheck.report(received)
            #expect(report.defects.isEmpty, "\(report.defects)")
            #expect(report.subject == "Sieben Tage am Stück 🔥 七日連続")
            #expect(report.files.first?["filename"] as? String == "カード 🔥.png")
            #expect(report.files.first?["sha256"] as? String == (try await MailCheck.sha256(PackageRoot.exampleCard)))
            #expect(report.text()?.contains("\n.a line that starts with a dot\n") == true, "dot-stuffing undone")
        }
    }

    @Test func starttlsWithAThrowawayCAIsVerifiedAndRequired() async throws {
        let ca = try await TestCertificateAuthority.make(in: folder)
        let options = SMTPTestServer.Options(
            certificate: (ca.serverCertificate, ca.serverKey),
            requireStartTLS: true
        )
        try await SMTPTestServer.with(options) { server in
            let trusted = destination(Self.smtp(server.url, security: .required, caFile: ca.caCertificate))
            let receipt = try await trusted.deliver(try trusted.prepare(try Self.request))
            #expect(receipt.outcome == .delivered)
            let received = try #require(server.messagePaths.first)
            #expect(try server.envelope(of: received)["tls"] as? Bool == true)
            #expect((try await MailCheck.report(received)).defects.isEmpty)

            // Without the CA the certificate can't be verified: permanent, with the fix named.
            let untrusted = destination(Self.smtp(server.url, security: .required))
            await #expect {
                try await untrusted.deliver(try untrusted.prepare(try Self.request))
            } throws: { error in
                let error = error as? ShareError
                return error?.code == .permanent && error?.detail?.code == .tlsFailed
                    && error?.detail?.setting == "caFile"
            }
            #expect(server.messagePaths.count == 1)
        }
    }

    @Test func requiredTLSRefusesAServerWithoutSTARTTLS() async throws {
        try await SMTPTestServer.with { server in
            let destination = destination(Self.smtp(server.url, security: .required))
            await #expect {
                try await destination.deliver(try destination.prepare(try Self.request))
            } throws: { error in
                let error = error as? ShareError
                return error?.code == .permanent && error?.message.contains("does not offer STARTTLS") == true
            }
            #expect(server.messagePaths.isEmpty)
        }
    }

    @Test(arguments: ["PLAIN", "LOGIN"])
    func authLogsInWithTheSecretAndNeverShowsIt(mechanism: String) async throws {
        let options = SMTPTestServer.Options(login: ("sender", Self.password), mechanism: mechanism)
        try await SMTPTestServer.with(options) { server in
            let environment = ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": Self.password]
            let sender = destination(Self.smtp(server.url), environment: environment)
            #expect(!"\(sender)".contains(Self.password))
            #expect(!"\(sender.configuration)".contains(Self.password))
            let prepared = try sender.prepare(try Self.request)
            #expect(!"\(prepared)".contains(Self.password))
            let receipt = try await sender.deliver(prepared)
            #expect(receipt.outcome == .delivered)
            #expect(!"\(receipt)".contains(Self.password))
            let received = try #require(server.messagePaths.first)
            let auth = try server.envelope(of: received)["auth"] as? [String: String]
            #expect(auth == ["mechanism": mechanism, "login": "sender"])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: received))
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.password))

            // A wrong password: permanent, and the message names neither password.
            let wrong = destination(
                Self.smtp(server.url),
                environment: ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": "wrong-\(Self.password)"]
            )
            await #expect {
                try await wrong.deliver(try wrong.prepare(try Self.request))
            } throws: { error in
                let error = error as? ShareError
                // The server's reply is quoted; the login, plain or base64 as AUTH sends it, never is.
                let plain = Data("\u{0}sender\u{0}wrong-\(Self.password)".utf8).base64EncodedString()
                let login = Data("wrong-\(Self.password)".utf8).base64EncodedString()
                let text = error?.detailedDescription ?? ""
                return error?.code == .permanent && error?.message.contains("refused the login for sender") == true
                    && error?.message.contains("the server said \"535") == true
                    && !text.contains(Self.password) && !text.contains(plain) && !text.contains(login)
            }
        }
    }

    /// "AB-" encodes as "QUIt": AUTH LOGIN's password line once passed for QUIT in the transcript.
    /// The transcript still records what follows the login (the reply to the final dot).
    @Test func anAuthLoginPasswordThatEncodesLikeACommandIsNeverShown() async throws {
        let password = "AB-secret"
        let encoded = Data(password.utf8).base64EncodedString()
        let options = SMTPTestServer.Options(login: ("sender", password), mechanism: "LOGIN")
        try await SMTPTestServer.with(options) { server in
            let environment = ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": password]
            let sender = destination(Self.smtp(server.url), environment: environment)
            let receipt = try await sender.deliver(try sender.prepare(try Self.request))
            #expect(receipt.outcome == .delivered)
            #expect(receipt.summary.contains("(250 2.0.0 OK saved)"))
            let text = "\(receipt)"
            #expect(!text.contains(password) && !text.contains(encoded) && !text.contains("QUIt"))
        }
    }

    @Test func aLoginIsNeverSentInClearToARemoteHost() async {
        let destination = destination(
            Self.smtp("smtp://mail.example.org:587", security: .opportunistic),
            environment: ["SHAREVIA_SMTP_USER": "sender", "SHAREVIA_SMTP_PASSWORD": Self.password]
        )
        let availability = await destination.availability()
        #expect(availability.isAvailable == false)
        #expect(availability.reason?.contains("without TLS") == true)
        #expect(availability.reason?.contains(Self.password) == false)
    }

    @Test func aServerThatAnswers451OnceDeliversOnTheRoutersRetry() async throws {
        try await SMTPTestServer.with(.init(mode: .tempfailOnce)) { server in
            let destination = destination(Self.smtp(server.url))
            let prepared = try destination.prepare(try Self.request)
            await #expect {
                try await destination.deliver(prepared)
            } throws: { error in
                let error = error as? ShareError
                return error?.code == .transient && error?.message.contains("answered 451") == true
            }
            var registry = DestinationRegistry()
            try registry.register(destination)
            let router = ShareRouter(
                registry: registry,
                retryPolicy: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(50))
            )
            let report = try await router.share(try Self.request.content, via: FallbackChain(["email"]))
            #expect(report.deliveredBy == "email")
            #expect(server.messagePaths.count == 1)
        }
    }

    @Test func a550IsPermanent() async throws {
        try await SMTPTestServer.with(.init(mode: .reject)) { server in
            let destination = destination(Self.smtp(server.url))
            await #expect {
                try await destination.deliver(try destination.prepare(try Self.request))
            } throws: { error in
                let error = error as? ShareError
                return error?.code == .permanent && error?.message.contains("refused the message with 550") == true
            }
        }
    }

    @Test func aServerThatStallsAfterTheMessageIsAnUnknownOutcomeInBoundedTime() async throws {
        try await SMTPTestServer.with(.init(mode: .stall)) { server in
            let destination = destination(Self.smtp(server.url, timeout: .seconds(2)))
            let prepared = try destination.prepare(try Self.request)
            let clock = ContinuousClock()
            let started = clock.now
            await #expect {
                try await destination.deliver(prepared)
            } throws: { error in
                let error = error as? ShareError
                // aiosmtpd stalls after the final dot: the message went out, its arrival is unknown,
                // and it must never be resent on its own.
                return error?.code == .outcomeUnknown && error?.message.contains("did not answer in time") == true
                    && error?.message.contains("the message went out") == true
            }
            // Bounded, not fast: the server stalls for good. The bound leaves room for the whole
            // suite running in parallel on two cores.
            #expect(clock.now - started < .seconds(30))
        }
    }

    @Test func aServerThatIsDownIsTransientRetriedThenFallsBackToTheFile() async throws {
        let closedPort = try await SMTPTestServer.with { $0.port }  // the server is gone now
        let destination = destination(Self.smtp("smtp://127.0.0.1:\(closedPort)"))
        let environment = ShareEnvironment(["HOME": folder.path])
        var registry = DestinationRegistry()
        try registry.register(destination)
        try registry.register(
            FileExportDestination(configuration: .init(directory: folder.file("files")), environment: environment)
        )
        let router = ShareRouter(
            registry: registry,
            retryPolicy: RetryPolicy(maxAttempts: 3, initialBackoff: .milliseconds(20))
        )
        let report = try await router.share(try Self.request.content, via: FallbackChain(["email", "file"]))
        #expect(report.deliveredBy == "file")
        let tries = report.attempts.filter { $0.destination == "email" }
        #expect(tries.count == 3, "retried: \(report.attempts)")
        #expect(tries.allSatisfy { $0.result == .transientFailure })
        #expect(tries.last?.reason.contains("can't connect to smtp://127.0.0.1:\(closedPort)") == true)

        // The file export keeps the .eml email prepared, with its recipients and subject.
        let file = try #require(report.attempts.last)
        #expect(file.notes.contains { $0.contains("keeps the message email did not deliver as カード 🔥.eml") }, "\(file)")
        let draft = try #require(report.receipt?.locations.first { $0.hasSuffix(".eml") }, "\(report)")
        let check = try await MailCheck.report(draft)
        #expect(check.defects.isEmpty, "\(check.defects)")
        #expect(check.to == ["friend@xn--bcher-kva.example"])
        #expect(check.cc == ["cc@example.org"])
        #expect(check.subject == "Sieben Tage am Stück 🔥 七日連続")
        #expect(check.files.first?["filename"] as? String == "カード 🔥.png")
        #expect(check.files.first?["sha256"] as? String == (try await MailCheck.sha256(PackageRoot.exampleCard)))
        #expect(!folder.names(in: "files").contains { $0.hasPrefix(".sharevia-tmp-") }, "no temporary file left")
    }

    @Test func aShareWithoutAnEmailAttemptWritesNoEml() async throws {
        let environment = ShareEnvironment(["HOME": folder.path])
        var registry = DestinationRegistry()
        try registry.register(
            FileExportDestination(configuration: .init(directory: folder.file("plain")), environment: environment)
        )
        let report = try await ShareRouter(registry: registry).share(
            try Self.request.content,
            via: FallbackChain(["file"])
        )
        #expect(report.deliveredBy == "file")
        #expect(!folder.names(in: "plain").contains { $0.hasSuffix(".eml") })
    }

    @Test(arguments: [
        ("to", "friend@example.org\r\nBcc: victim@example.org", "To: "),
        ("cc", "cc@example.org\nX-Evil: 1", "Cc: "),
        ("from", "Me\r\n <me@example.org>", "From: "),
        ("subject", "Hi\r\nBcc: victim@example.org", "Subject"),
        ("file", "card.png\r\nContent-Type: text/html", "attachment file name"),
    ])
    func injectionIsRefusedBeforeAnyConnection(field: String, value: String, name: String) async throws {
        try await SMTPTestServer.with { server in
            var configuration = Self.smtp(server.url)
            var request = try Self.request
            switch field {
            case "to": configuration.to = [value]
            case "cc": configuration.cc = [value]
            case "from": configuration.from = value
            case "subject": configuration.subject = value
            default:
                request.content.attachments = [
                    .bytes(Data([0x89, 0x50, 0x4E, 0x47]), mimeType: "image/png", fileName: value)
                ]
            }
            let destination = destination(configuration)
            #expect {
                try destination.prepare(request)
            } throws: { error in
                let error = error as? ShareError
                let setting = ["to", "cc", "from"].contains(field) ? field : nil
                return error?.code == .contentRejected && error?.message.hasPrefix(name) == true
                    && error?.message.contains("could inject headers") == true
                    && error?.detail?.setting == setting
            }
            #expect(server.messagePaths.isEmpty)
            #expect(server.clientConnections == 0, "no connection reached the server: \(server.log)")
        }
    }

    @Test func withoutAServerItWritesADraftAndHandsOffAMailtoURI() async throws {
        let destination = destination(.init(to: ["friend@example.org"]))
        let prepared = try destination.prepare(try Self.request)
        #expect(prepared.notes.contains { $0.contains("カード 🔥.png not carried in the mailto: URI") })
        let receipt = try await destination.deliver(prepared)
        #expect(receipt.outcome == .handedOff)
        #expect(receipt.locations.count == 2)
        #expect(receipt.locations[1].hasPrefix("mailto:friend@example.org?subject=7-day%20streak&body="))
        #expect(receipt.nextStep?.contains("a mailto: URI can't carry an attachment") == true)
        let report = try await MailCheck.report(receipt.locations[0])
        #expect(report.defects.isEmpty)
        #expect(report.to == ["friend@example.org"])
    }

    @Test func conformsWithAndWithoutAServer() async throws {
        let draft = await DestinationConformance(destination(.init()), deliverSample: true).run()
        #expect(draft.isEmpty, "\(draft)")
        try await SMTPTestServer.with { server in
            let failures = await DestinationConformance(
                destination(
                    Self.smtp(server.url),
                    environment: ["SHAREVIA_SMTP_PASSWORD": Self.password, "SHAREVIA_SMTP_USER": "u"]
                ),
                deliverSample: false
            ).run()
            #expect(failures.isEmpty, "\(failures)")
        }
    }
}
