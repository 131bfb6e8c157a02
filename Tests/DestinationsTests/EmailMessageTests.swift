import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing
import TextFitting

/// The MIME writer: every message it writes is read back by Python's `email` package
/// (`policy=email.policy.default`) in the test run with zero defects, its attachments
/// byte-identical, and every header value that could inject a header refused.
/// Serialized: each case starts Python (a server, the parser), and two cores are shared with
/// every other suite, several of which time their child processes.
@Suite(.serialized) struct EmailMessageTests {
    static let stamp = MessageStamp(secondsSince1970: 1_736_240_700, token: "0123456789abcdef0123456789abcdef")
    static let card = PackageRoot.exampleCard

    static func address(_ text: String) throws -> MailAddress { try MailAddress(parsing: text, field: "test") }

    static func cardAttachment(named name: String = "card.png") throws -> MailAttachment {
        MailAttachment(
            fileName: name,
            mimeType: "image/png",
            bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: card)))
        )
    }

    static func write(_ message: MailMessage) throws -> [UInt8] {
        try MailMessageWriter().write(message, stamp: stamp)
    }

    @Test func aCardMessageParsesWithoutDefectsAndItsAttachmentIsByteIdentical() async throws {
        let message = MailMessage(
            from: try Self.address("Me <me@example.org>"),
            to: [try Self.address("friend@example.org"), try Self.address("\"Doe, Jane\" <jane@example.org>")],
            cc: [try Self.address("cc@example.org")],
            subject: "7-day streak",
            text: "Seven days in a row 🔥 七日連続\n\nhttps://example.com/streak\n\n#streak #fitness\n",
            attachments: [try Self.cardAttachment()]
        )
        let bytes = try Self.write(message)
        let report = try await MailCheck.report(bytes: bytes)
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(report.structure == "multipart/mixed(text/plain, image/png)")
        #expect(report.from == ["me@example.org"] && report.fromNames == ["Me"])
        #expect(report.to == ["friend@example.org", "jane@example.org"])
        #expect(report.toNames == ["", "Doe, Jane"])
        #expect(report.cc == ["cc@example.org"])
        #expect(report.subject == "7-day streak")
        #expect(report.messageID == "<1736240700.0123456789abcdef0123456789abcdef@example.org>")
        #expect(report.json["date"] as? String == "Tue, 07 Jan 2025 09:05:00 +0000")
        #expect(report.text() == "Seven days in a row 🔥 七日連続\n\nhttps://example.com/streak\n\n#streak #fitness\n")
        let file = try #require(report.files.first)
        #expect(file["filename"] as? String == "card.png")
        #expect(file["disposition"] as? String == "attachment")
        #expect(file["sha256"] as? String == (try await MailCheck.sha256(Self.card)))
        #expect(!report.hasBareCROrLF && report.isASCII)
        #expect(report.longestLine <= 76, "base64 and quoted-printable lines are at most 76")
        #expect(report.longestHeaderLine <= 78)
    }

    @Test func nonASCIISubjectsNamesAndFileNamesAreEncodedAndComeBackIntact() async throws {
        let subject = "Sieben Tage am Stück 🔥 — 七日連続で運動しました！" + String(repeating: " ünd weiter", count: 12)
        let name = "Jörg Müller-Lüdenscheidt 山田太郎 " + String(repeating: "é", count: 40)
        let fileName = "カード 🔥 \"quoted\" " + String(repeating: "ü", count: 90) + ".png"
        let message = MailMessage(
            from: try Self.address("\(name) <joerg@bücher.example>"),
            to: [try Self.address("Ελένη <eleni@παράδειγμα.δοκιμή>")],
            subject: subject,
            text: "Text",
            attachments: [try Self.cardAttachment(named: fileName)]
        )
        let bytes = try Self.write(message)
        let report = try await MailCheck.report(bytes: bytes)
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(report.subject == subject)
        #expect(report.json["from_names_rfc2047"] as? [String] == [name])
        #expect(report.from == ["joerg@xn--bcher-kva.example"])
        #expect(report.to == ["eleni@xn--hxajbheg2az3al.xn--jxalpdlp"])
        #expect(report.toNames == ["Ελένη"], "one encoded-word: the policy's parser reads it too")
        #expect(report.files.first?["filename"] as? String == fileName)
        #expect(report.files.first?["sha256"] as? String == (try await MailCheck.sha256(Self.card)))
        #expect(report.longestHeaderLine <= 78)
        #expect(report.isASCII && !report.hasBareCROrLF)
    }

    @Test func htmlIsAnAlternativeWithTheCardInlineByContentID() async throws {
        let message = MailMessage(
            from: try Self.address("me@example.org"),
            to: [try Self.address("friend@example.org")],
            subject: "Streak",
            text: "Seven <days> & counting\n\nhttps://example.com/s?a=1&b=2\n",
            html: true,
            attachments: [
                try Self.cardAttachment(),
                MailAttachment(fileName: "notes.txt", mimeType: "text/plain", bytes: Array("plain\n".utf8)),
            ]
        )
        let report = try await MailCheck.report(bytes: try Self.write(message))
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(
            report.structure
                == "multipart/mixed(multipart/alternative(text/plain, multipart/related(text/html, image/png)), text/plain)"
        )
        let html = try #require(report.text("text/html"))
        let image = try #require(report.parts.first { $0["type"] as? String == "image/png" })
        let contentID = try #require(image["content_id"] as? String)
        #expect(image["disposition"] as? String == "inline")
        #expect(html.contains("<img src=\"cid:\(contentID.dropFirst().dropLast())\""), "\(html)")
        #expect(html.contains("Seven &lt;days&gt; &amp; counting"))
        #expect(html.contains("<a href=\"https://example.com/s?a=1&amp;b=2\">"))
        #expect(image["sha256"] as? String == (try await MailCheck.sha256(Self.card)))
    }

    @Test func quotedPrintableKeepsLongLinesDotsFromAndTrailingSpacesExact() async throws {
        let text =
            String(repeating: "ü=x ", count: 60) + "\n.leading dot\nFrom the start\ntrailing space \ttab\t\n"
            + String(repeating: "a", count: 300) + "\r\nCRLF line\rCR line\n"
        let message = MailMessage(from: try Self.address("me@example.org"), subject: "qp", text: text)
        let bytes = try Self.write(message)
        let report = try await MailCheck.report(bytes: bytes)
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(report.text() == text.replacing("\r\n", with: "\n").replacing("\r", with: "\n"))
        #expect(report.longestLine <= 76)
        let raw = String(decoding: bytes, as: UTF8.self)
        #expect(raw.contains("\r\n=2Eleading dot\r\n") && raw.contains("\r\n=46rom the start\r\n"))
    }

    @Test func aTextOnlyMessageIsOneQuotedPrintablePart() async throws {
        let message = MailMessage(from: try Self.address("me@example.org"), subject: "Hi", text: "Hello\n")
        let bytes = try Self.write(message)
        let report = try await MailCheck.report(bytes: bytes)
        #expect(report.defects.isEmpty)
        #expect(report.structure == "text/plain")
        #expect(String(decoding: bytes, as: UTF8.self).contains("Content-Transfer-Encoding: quoted-printable\r\n"))
    }

    @Test(arguments: [
        ("friend@example.org\r\nBcc: victim@example.org", "a carriage return (CR)"),
        ("friend@example.org\nBcc: victim@example.org", "a line feed (LF)"),
        ("friend@example.org\u{0}", "a NUL byte"),
        ("Name\r\nBcc: x@example.org <friend@example.org>", "a carriage return (CR)"),
        ("friend@exa mple.org", "has ' ' in its domain"),
        ("friend", "is not an email address"),
        ("@example.org", "has nothing before the @"),
        ("a..b@example.org", "is not a dot-atom"),
        ("jörg@example.org", "need SMTPUTF8"),
        ("\"quoted\"@example.org", "quoted local part"),
        ("friend@-example.org", "starts or ends with a hyphen"),
        ("friend@example..org", "an empty label"),
        ("friend@[127.0.0.1]", "address literal"),
        ("friend@" + String(repeating: "a", count: 64) + ".org", "over 63 characters"),
    ])
    func badAddressesAreRefusedNamingTheField(text: String, rule: String) {
        #expect {
            try MailAddress(parsing: text, field: "To (--email-to)")
        } throws: { error in
            let error = error as? MailContentError
            return error?.field == "To (--email-to)" && error?.message.contains(rule) == true
        }
    }

    @Test(arguments: [
        ("Subject", "\r\nBcc: victim@example.org"), ("Subject", "line\nbreak"), ("Subject", "nul\u{0}"),
        ("attachment file name", "card.png\r\nContent-Type: text/html"), ("attachment file name", "card\u{0}.png"),
    ])
    func headerInjectionIsRefusedNamingTheField(field: String, value: String) throws {
        var message = MailMessage(from: try Self.address("me@example.org"), subject: "ok", text: "text")
        if field == "Subject" {
            message.subject = value
        } else {
            message.attachments = [MailAttachment(fileName: value, mimeType: "image/png", bytes: [1, 2, 3])]
        }
        #expect {
            try Self.write(message)
        } throws: { error in
            let error = error as? MailContentError
            return error?.field == field && error?.message.contains("could inject headers") == true
        }
    }

    @Test func internationalDomainsBecomePunycode() throws {
        #expect(try Self.address("a@bücher.example").domain == "xn--bcher-kva.example")
        #expect(try Self.address("a@BÜCHER.Example").domain == "xn--bcher-kva.example")
        #expect(try Self.address("a@例え.テスト").domain == "xn--r8jz45g.xn--zckzah")
        #expect(try Self.address("a@münchen。de").domain == "xn--mnchen-3ya.de")
        #expect(Punycode.encode(Array("bücher".unicodeScalars.map(\.value))) == "bcher-kva")
    }

    @Test func theMailtoURIEncodesSubjectAndBodyPerRFC6068() throws {
        let destination = EmailDestination(
            configuration: .init(to: ["friend@example.org", "b&c@example.org"], cc: ["cc@example.org"]),
            environment: ShareEnvironment(["HOME": "/tmp"])
        )
        let prepared = try destination.prepare(
            ShareRequest(
                content: ShareContent(title: "A & B? 🔥", text: "line 1\nline 2", link: "https://e.com/?a=1&b=2")
            )
        )
        #expect(
            prepared[field: "mailto"]
                == "mailto:friend@example.org,b%26c@example.org?cc=cc@example.org&subject=A%20%26%20B%3F%20%F0%9F%94%A5&body=line%201%0D%0Aline%202%0D%0A%0D%0Ahttps%3A%2F%2Fe.com%2F%3Fa%3D1%26b%3D2"
        )
    }

    @Test(arguments: [
        ("smtp://mail.example.org:587", "smtp://mail.example.org:587", false),
        ("SMTPS://Mail.Example.org", "smtps://mail.example.org:465", false),
        ("smtp://127.0.0.1:2525/", "smtp://127.0.0.1:2525", true),
        ("smtp://localhost", "smtp://localhost:25", true),
        ("smtp://[::1]:25", "smtp://[::1]:25", true),
    ])
    func smtpURLsParse(text: String, normalised: String, loopback: Bool) throws {
        let url = try SMTPURL(parsing: text)
        #expect(url.description == normalised)
        #expect(url.isLoopback == loopback)
    }

    @Test(arguments: [
        ("http://mail.example.org", "is not smtp://host:port"),
        ("smtp://user:pw@mail.example.org", "SHAREVIA_SMTP_USER"),
        ("smtp://mail.example.org:0", "port"),
        ("smtp://mail.example.org:99999", "port"),
        ("smtp://mail.example.org/path", "path"),
        ("smtp://mail.example.org\r\n:25", "carriage return"),
        ("smtp://", "no host"),
    ])
    func badSMTPURLsAreRefused(text: String, rule: String) {
        #expect {
            try SMTPURL(parsing: text)
        } throws: { error in
            (error as? MailContentError)?.description.contains(rule) == true
        }
    }
}
