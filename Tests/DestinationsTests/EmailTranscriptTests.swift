import CCurl
import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// The SMTP transcript's filter (`csmtp_transcript_line`): the login never recorded, commands
/// matched exactly, the recording stopped for good once full; and a truncated transcript never
/// claims recipients were accepted.
@Suite struct EmailTranscriptTests {
    /// Feeds `lines` (`>` sent, `<` received) through the filter; the transcript and whether it was truncated.
    static func filter(_ lines: [String]) -> (text: String, truncated: Bool) {
        var result = csmtp_result()
        result.transcript = calloc(1, Int(CSMTP_TRANSCRIPT_SIZE)).assumingMemoryBound(to: CChar.self)
        withUnsafeMutablePointer(to: &result) { pointer in
            var filter = csmtp_transcript_filter(result: pointer, in_auth: 0)
            for line in lines {
                let text = String(line.dropFirst()) + "\r\n"
                text.withCString { csmtp_transcript_line(&filter, line.first == "<" ? 1 : 0, $0, strlen($0)) }
            }
        }
        let text = String(cString: result.transcript)
        let truncated = result.transcript_truncated != 0
        csmtp_result_free(&result)
        return (text, truncated)
    }

    @Test func authLoginsBase64LinesAreNeverRecordedEvenWhenTheySpellACommand() {
        // "AB-secret" encodes as "QUItc2VjcmV0"; a case-insensitive prefix match took it for QUIT.
        let password = "AB-secret"
        let encoded = Data(password.utf8).base64EncodedString()
        #expect(encoded.hasPrefix("QUIt"))
        let (text, _) = Self.filter([
            "<220 ready", ">EHLO client", "<250 ok",
            ">AUTH LOGIN", "<334 VXNlcm5hbWU6", ">c2VuZGVy", "<334 UGFzc3dvcmQ6", ">\(encoded)",
            // A login line that is exactly a command word is dropped too: AUTH is still going on.
            "<334 again", ">QUIT", ">DATA",
            "<235 2.7.0 Authentication successful",
            ">MAIL FROM:<me@example.org>", "<250 ok", ">QUIT", "<221 bye",
        ])
        #expect(!text.contains(encoded))
        #expect(!text.contains("c2VuZGVy"))
        #expect(!text.contains(">DATA"))
        #expect(
            text
                == "<220 ready\n>EHLO client\n<250 ok\n>AUTH\n<235 2.7.0 Authentication successful\n>MAIL FROM:<me@example.org>\n<250 ok\n>QUIT\n<221 bye\n"
        )
    }

    @Test func commandsAreMatchedCaseSensitivelyAndAsWholeWords() {
        let (text, _) = Self.filter([
            ">quit", ">QUITTER", ">DATAbase", ">STARTTLSX", ">rcpt to:<x@example.org>", ">RCPT TO:<y@example.org>",
            ">DATA", ">STARTTLS", ">QUIT",
        ])
        #expect(text == ">RCPT TO:<y@example.org>\n>DATA\n>STARTTLS\n>QUIT\n")
    }

    @Test func aFullTranscriptStopsForGoodAtTheFirstDroppedLine() {
        let long = "250-" + String(repeating: "x", count: 990)
        var lines = [">RCPT TO:<a@example.org>"] + Array(repeating: "<\(long)", count: 70)
        // Short lines after the first dropped one would pair this refusal with the wrong command.
        lines += [">RCPT TO:<b@example.org>", "<550 no such user"]
        let (text, truncated) = Self.filter(lines)
        #expect(truncated)
        #expect(!text.contains("b@example.org"))
        #expect(!text.contains("550"))
        #expect(text.utf8.count < Int(CSMTP_TRANSCRIPT_SIZE))
    }

    @Test func aTruncatedTranscriptsReceiptDoesNotClaimRecipientsWereAccepted() throws {
        let recipients = [
            try MailAddress(parsing: "a@example.org", field: "to"),
            try MailAddress(parsing: "b@example.org", field: "to"),
        ]
        let truncated = SMTPDelivery.Acceptance(reply: "250", refused: [], refusalsKnown: false)
        let summary = EmailDestination.receiptSummary(
            server: "smtp://mail.example.org:25",
            recipients: recipients,
            acceptance: truncated,
            messageID: "<id@example.org>"
        )
        #expect(!summary.contains("accepted the message for"))
        #expect(summary.contains("accepted the message (250)"))
        #expect(summary.contains("too long to record which of a@example.org, b@example.org it refused"))
        let complete = SMTPDelivery.Acceptance(reply: "250", refused: [("b@example.org", "550 no")])
        let whole = EmailDestination.receiptSummary(
            server: "smtp://mail.example.org:25",
            recipients: recipients,
            acceptance: complete,
            messageID: "<id@example.org>"
        )
        #expect(whole.contains("accepted the message for a@example.org (250)"))
        #expect(whole.contains("it refused b@example.org"))
    }
}

/// A file that changes between the message's layout (which declares its size) and its streaming
/// fails the send or the draft instead of being cut inside its base64.
@Suite struct EmailChangingFileTests {
    let folder = TemporaryFolder("email-changing")

    func layout(_ path: String) -> MailLayout {
        MailLayout(
            segments: [.text(Array("Subject: x\r\n\r\n".utf8)), .attachment(0), .text(Array("--end--\r\n".utf8))],
            attachments: [
                MailAttachment(fileName: "f.bin", mimeType: "application/octet-stream", content: .file(path: path))
            ]
        )
    }

    func drain(_ layout: MailLayout) throws(ShareError) -> Int {
        let stream = MailStream(layout, limit: 1 << 30)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while true {
            let count = try stream.read(into: &buffer)
            if count == 0 { return total }
            total += count
        }
    }

    @Test(arguments: [1000, MailStream.chunkSize, MailStream.chunkSize + 5])
    func aFileThatGrowsAfterTheLayoutFailsTheStream(size: Int) throws {
        let path = try folder.write([UInt8](repeating: 7, count: size), named: "grows-\(size).bin")
        let layout = layout(path)
        #expect(try drain(layout) == layout.size)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([1, 2, 3]))
        try handle.close()
        #expect {
            try drain(layout)
        } throws: { error in
            (error as? ShareError)?.message.contains("changed while being sent") == true
        }
    }

    @Test func aFileThatShrinksAfterTheLayoutFailsTheStreamAndTheDraft() async throws {
        let path = try folder.write([UInt8](repeating: 7, count: 5000), named: "shrinks.bin")
        let layout = layout(path)
        #expect(truncate(path, 100) == 0)
        #expect {
            try drain(layout)
        } throws: { error in
            (error as? ShareError)?.message.contains("shrinks.bin changed while being sent") == true
        }
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        await #expect {
            try await EmailDraft(layout: layout, limit: 1 << 30, name: "draft").write(into: out)
        } throws: { error in
            (error as? ShareError)?.message.contains("changed while being sent") == true
        }
        #expect(folder.names(in: "out").filter { $0.hasSuffix(".eml") }.isEmpty)
    }
}
