import ShareCore

/// Writes a ``MailMessage`` as the bytes of an RFC 5322 message with MIME (RFC 2045-2049).
///
/// What it guarantees, and checks on its own output before returning it:
/// - only ASCII, CRLF line endings, no bare CR or LF anywhere, no line over 998 octets (header
///   lines fold at 78);
/// - `Date`, `Message-ID`, `MIME-Version`, and `From`, `To`, `Cc`, `Subject` with RFC 2047
///   encoded-words for non-ASCII text and display names;
/// - a UTF-8 `text/plain` body in quoted-printable; files in base64 lines of 76 characters, with
///   RFC 2231 file names when they are not plain ASCII; `multipart/mixed` when there are files;
///   with ``MailMessage/html``, `multipart/alternative` of the text and a `multipart/related`
///   HTML part that shows each image inline through its `cid:`.
///
/// A CR, LF, NUL or other control character in any header value, address or file name is a
/// ``MailContentError`` naming the field, so no value can start a header of its own.
package struct MailMessageWriter: Sendable {
    /// Creates a writer.
    package init() {}

    /// The message's bytes, every attachment read whole: for small messages and tests. A share
    /// streams its message through ``MailStream`` instead.
    ///
    /// - Parameters:
    ///   - message: What to write; bidirectional controls are removed from file names (``AttachmentName``).
    ///   - stamp: The date, and the token of the Message-ID, boundaries and Content-IDs.
    /// - Throws: ``MailContentError`` naming the field at fault, or an attachment file that can't be read.
    package func write(_ message: MailMessage, stamp: MessageStamp) throws(MailContentError) -> [UInt8] {
        let stream = MailStream(try layout(message, stamp: stamp), limit: .max)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do throws(ShareError) {
                count = try stream.read(into: &buffer)
            } catch {
                throw MailContentError(field: "attachment", message: error.message)
            }
            if count == 0 { break }
            output += buffer[..<count]
        }
        return output
    }

    /// The message as text segments and the attachments streamed between them, checked: every
    /// header value and file name, and the text around the attachments (ASCII, CRLF, line lengths).
    ///
    /// - Throws: ``MailContentError`` naming the field at fault.
    func layout(_ message: MailMessage, stamp: MessageStamp) throws(MailContentError) -> MailLayout {
        try MailContentError.checkHeaderSafe(message.subject, field: "Subject")
        for address in message.to + message.cc + (message.from.map { [$0] } ?? []) {
            try MailContentError.checkHeaderSafe(address.description, field: "address")
        }
        for file in message.attachments {
            try MailContentError.checkHeaderSafe(file.fileName, field: "attachment file name")
            try MailContentError.checkHeaderSafe(file.mimeType, field: "attachment type")
        }
        if message.text.unicodeScalars.contains(where: { $0.value == 0 }) {
            throw MailContentError(field: "text", message: "contains a NUL byte; remove it")
        }
        let domain = message.from?.domain ?? "sharevia.invalid"
        var head = ""
        if let from = message.from { head += EncodedWord.foldAddresses("From", [from]) }
        if !message.to.isEmpty { head += EncodedWord.foldAddresses("To", message.to) }
        if !message.cc.isEmpty { head += EncodedWord.foldAddresses("Cc", message.cc) }
        head += EncodedWord.fold("Subject", EncodedWord.unstructured(message.subject))
        head += "Date: \(stamp.date)\r\n"
        let messageID = stamp.messageID(domain: domain)
        // A msg-id can't be folded inside; a long one moves to a line of its own.
        head += "Message-ID:" + (messageID.utf8.count + 12 > 78 ? "\r\n " : " ") + messageID + "\r\n"
        head += "MIME-Version: 1.0\r\n"
        let layout = MailLayout(
            segments: [.text(Array(head.utf8))] + body(message, stamp: stamp),
            attachments: message.attachments
        )
        // Base64 lines are ASCII and CRLF by construction; one stands in for each body.
        var skeleton: [UInt8] = []
        for segment in layout.segments {
            switch segment {
            case .text(let bytes): skeleton += bytes
            case .attachment: skeleton += Array("AAAA\r\n".utf8)
            }
        }
        try Self.verify(skeleton)
        return layout
    }

    /// The body: its Content-Type header, a blank line, the content.
    private func body(_ message: MailMessage, stamp: MessageStamp) -> [MailSegment] {
        let text = textPart(message.text, subtype: "plain")
        let indexed = Array(message.attachments.enumerated())
        let images = message.html ? indexed.filter { $0.element.isImage } : []
        let files = message.html ? indexed.filter { !$0.element.isImage } : indexed
        var main = text
        if message.html {
            let ids = images.indices.map { "image\($0 + 1).\(stamp.token)@sharevia" }
            let html = textPart(
                HTMLRendering.document(message.text, images: zip(images.map(\.element), ids).map { ($0, $1) }),
                subtype: "html"
            )
            let related =
                images.isEmpty
                ? html
                : multipart(
                    "related",
                    boundary: boundary(stamp, "r"),
                    [html] + zip(images, ids).map { filePart($0.element, index: $0.offset, contentID: $1) },
                    extra: "; type=\"text/html\""
                )
            main = multipart("alternative", boundary: boundary(stamp, "a"), [text, related])
        }
        guard !files.isEmpty else { return main }
        return multipart(
            "mixed",
            boundary: boundary(stamp, "m"),
            [main] + files.map { filePart($0.element, index: $0.offset, contentID: nil) }
        )
    }

    /// A boundary that can't occur in base64 or quoted-printable content: `=_` never does.
    private func boundary(_ stamp: MessageStamp, _ kind: String) -> String {
        "=_sharevia_\(kind)_\(stamp.token)"
    }

    private func textPart(_ text: String, subtype: String) -> [MailSegment] {
        let head = "Content-Type: text/\(subtype); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        return [.text(Array(head.utf8) + QuotedPrintable.encode(text))]
    }

    private func filePart(_ file: MailAttachment, index: Int, contentID: String?) -> [MailSegment] {
        let name = AttachmentName.cleaned(file.fileName)
        var head = MIMEParameter.header("Content-Type", Self.mediaType(file.mimeType), [("name", name)])
        head += "Content-Transfer-Encoding: base64\r\n"
        head += MIMEParameter.header(
            "Content-Disposition",
            contentID == nil ? "attachment" : "inline",
            [("filename", name)]
        )
        if let contentID { head += "Content-ID: <\(contentID)>\r\n" }
        return [.text(Array((head + "\r\n").utf8)), .attachment(index)]
    }

    private func multipart(
        _ subtype: String,
        boundary: String,
        _ parts: [[MailSegment]],
        extra: String = ""
    ) -> [MailSegment] {
        var output: [MailSegment] = [
            .text(Array("Content-Type: multipart/\(subtype);\r\n boundary=\"\(boundary)\"\(extra)\r\n\r\n".utf8))
        ]
        // The CRLF before each delimiter belongs to the delimiter (RFC 2046 5.1.1), so a part
        // keeps its own final line break.
        for part in parts {
            output.append(.text(Array("--\(boundary)\r\n".utf8)))
            output += part
            output.append(.text([0x0D, 0x0A]))
        }
        output.append(.text(Array("--\(boundary)--\r\n".utf8)))
        return output
    }

    /// `type/subtype` when the type is a well-formed token pair, else `application/octet-stream`.
    static func mediaType(_ type: String) -> String {
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { part in
            !part.isEmpty && part.utf8.count <= 64
                && part.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                        || Array("!#$&^_.+-".utf8).contains(byte)
                }
        }
        guard parts.count == 2, token(parts[0]), token(parts[1]) else { return "application/octet-stream" }
        return type.lowercased()
    }

    /// Checks what RFC 5322 and the SMTP servers of 2024 demand of a message: ASCII only, every CR
    /// followed by LF and every LF preceded by CR, no line over 998 octets, a final CRLF.
    static func verify(_ bytes: [UInt8]) throws(MailContentError) {
        var lineLength = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0x0D && byte != 0x0A { throw internalError("a bare CR") }
            if byte == 0x0A {
                guard previous == 0x0D else { throw internalError("a bare LF") }
                lineLength = 0
            } else if byte != 0x0D {
                guard byte < 0x80, byte != 0 else { throw internalError("a byte that is not ASCII") }
                lineLength += 1
                guard lineLength <= 998 else { throw internalError("a line over 998 octets") }
            }
            previous = byte
        }
        guard bytes.suffix(2) == [0x0D, 0x0A] else { throw internalError("no final CRLF") }
    }

    private static func internalError(_ what: String) -> MailContentError {
        MailContentError(field: "message", message: "the writer produced \(what); this is a bug in sharevia")
    }
}
