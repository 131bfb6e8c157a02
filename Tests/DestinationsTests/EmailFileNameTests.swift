import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

/// Attachment names in messages, read back by Python's `email` package
/// (`policy=email.policy.default`) as the oracle: RFC 2231 sections hold whole characters,
/// encoded-word look-alikes stay literal, and bidirectional controls never reach the message.
/// Serialized: each case starts Python once for a batch of messages.
@Suite(.serialized) struct EmailFileNameTests {
    static let stamp = MessageStamp(secondsSince1970: 1_736_240_700, token: "0123456789abcdef0123456789abcdef")

    /// Names that cross a 60-character section at every offset: 3-byte (Japanese), 4-byte
    /// (emoji, ZWJ sequences, flags), combining runs longer than a section, right-to-left text,
    /// long ASCII and names that look like encoded-words.
    static let names: [String] = {
        var names = [
            "カード.png", "七日連続で運動しましたカードの画像ファイルです本当に長い名前.png",
            String(repeating: "ラ", count: 45) + ".png",
            String(repeating: "🔥", count: 30) + ".png",
            String(repeating: "👨‍👩‍👧‍👦", count: 8) + ".png",
            String(repeating: "🇯🇵", count: 12) + ".png",
            "e" + String(repeating: "\u{0301}", count: 40) + ".png",
            String(repeating: "é", count: 70) + ".png",
            "مرحبا بالعالم صورة البطاقة.png", "कार्ड चित्र नमस्ते दुनिया.png",
            String(repeating: "a", count: 200) + ".png",
            "=?utf-8?q?evil.exe?=", "=?utf-8?B?ZXZpbC5leGU=?=.png", "a =?iso-8859-1?q?=E9?= b.png",
            "quote\"and\\backslash.png", "tab\there.png",
        ]
        // The same Japanese name after every ASCII prefix length, so a section edge falls on
        // each byte of a 3-byte sequence.
        for prefix in 0..<12 { names.append(String(repeating: "x", count: prefix) + "ファイル名がとても長い画像ラララララ.png") }
        return names
    }()

    static func message(attachmentNamed name: String) -> MailMessage {
        MailMessage(
            subject: "names",
            text: "text\n",
            attachments: [MailAttachment(fileName: name, mimeType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47])]
        )
    }

    @Test func everyNameRoundTripsWithoutDefects() async throws {
        let folder = TemporaryFolder("names")
        defer { folder.remove() }
        var paths: [String] = []
        for (index, name) in Self.names.enumerated() {
            let bytes = try MailMessageWriter().write(Self.message(attachmentNamed: name), stamp: Self.stamp)
            paths.append(try folder.write(bytes, named: "\(index).eml"))
        }
        let reports = try await MailCheck.reports(paths)
        try #require(reports.count == Self.names.count)
        for (name, report) in zip(Self.names, reports) {
            #expect(report.defects.isEmpty, "\(name): \(report.defects)")
            let file = try #require(report.files.first)
            #expect(file["filename"] as? String == name, "Content-Disposition filename")
            #expect(file["name"] as? String == name, "Content-Type name")
        }
    }

    /// Each `filename*N*=` section decodes to valid UTF-8 on its own: no sequence is cut.
    @Test(arguments: names)
    func everySectionIsWholeUTF8(name: String) throws {
        let bytes = try MailMessageWriter().write(Self.message(attachmentNamed: name), stamp: Self.stamp)
        let text = String(decoding: bytes, as: UTF8.self)
        let sections = text.split(separator: "\r\n").compactMap { line -> Substring? in
            guard let range = line.range(of: "filename*") else { return nil }
            let value = line[range.upperBound...].drop { $0 != "=" }.dropFirst()
            let stripped = value.hasPrefix("utf-8''") ? value.dropFirst(7) : value
            return stripped.hasSuffix(";") ? stripped.dropLast() : stripped
        }
        for section in sections {
            let decoded = try #require(Self.percentDecoded(section), "bad escape in \(section)")
            #expect(String(validating: decoded, as: UTF8.self) != nil, "section \(section) cuts a UTF-8 sequence")
        }
    }

    @Test func aNameThatLooksLikeAnEncodedWordIsPercentEncoded() throws {
        let bytes = try MailMessageWriter().write(
            Self.message(attachmentNamed: "=?utf-8?q?evil.exe?="),
            stamp: Self.stamp
        )
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("=?utf-8?q?evil"), "the encoded-word reached the header raw")
        #expect(text.contains("filename*=utf-8''%3D%3Futf-8%3Fq%3Fevil.exe%3F%3D"))
    }

    @Test(arguments: [
        ("photo\u{202E}gnp.exe", "photognp.exe", "U+202E"),
        ("\u{2067}invoice\u{2069}.pdf", "invoice.pdf", "U+2067"),
        ("a\u{200F}b\u{200E}c\u{202A}d\u{202C}.png", "abcd.png", "U+200E"),
    ])
    func bidiControlsAreRemovedWithANote(name: String, cleaned: String, code: String) async throws {
        let bytes = try MailMessageWriter().write(Self.message(attachmentNamed: name), stamp: Self.stamp)
        let report = try await MailCheck.report(bytes: bytes)
        #expect(report.defects.isEmpty, "\(report.defects)")
        #expect(report.files.first?["filename"] as? String == cleaned)
        #expect(report.files.first?["name"] as? String == cleaned)

        let destination = EmailDestination(environment: ShareEnvironment(["HOME": "/tmp"]))
        let prepared = try destination.prepare(
            ShareRequest(
                content: ShareContent(
                    text: "t",
                    attachments: [.bytes(Data([0x89, 0x50, 0x4E, 0x47]), mimeType: "image/png", fileName: name)]
                )
            )
        )
        #expect(prepared.notes.contains { $0.contains("removed the bidirectional control") && $0.contains(code) })
        #expect(prepared[field: "structure"]?.contains(cleaned) == true)
    }

    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }
}
