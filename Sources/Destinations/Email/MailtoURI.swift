/// An RFC 6068 `mailto:` URI: the recipients' addr-specs, then `cc`, `subject` and `body`, all
/// percent-encoded as UTF-8, line breaks as `%0D%0A`. It can't carry an attachment.
enum MailtoURI {
    static func make(to: [MailAddress], cc: [MailAddress], subject: String, body: String) -> String {
        var uri = "mailto:" + to.map { encode($0.addrSpec, keeping: "@") }.joined(separator: ",")
        var fields: [String] = []
        if !cc.isEmpty { fields.append("cc=" + cc.map { encode($0.addrSpec, keeping: "@") }.joined(separator: ",")) }
        if !subject.isEmpty { fields.append("subject=" + encode(subject, keeping: "")) }
        let lines = QuotedPrintable.lines(of: body).map { String(decoding: $0, as: UTF8.self) }
        if !body.isEmpty { fields.append("body=" + lines.map { encode($0, keeping: "") }.joined(separator: "%0D%0A")) }
        if !fields.isEmpty { uri += "?" + fields.joined(separator: "&") }
        return uri
    }

    /// Percent-encodes every byte but RFC 3986's unreserved characters and those in `keeping`.
    private static func encode(_ text: String, keeping: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default:
                if keeping.utf8.contains(byte) {
                    output.append(byte)
                } else {
                    output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
