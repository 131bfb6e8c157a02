/// The SMTP conversation libcurl had with the server, as `csmtp_send` recorded it: the envelope
/// commands (`>`) and the server's reply lines (`<`), never the login or the message.
///
/// It gives the server's own words to reports: the reply to each `RCPT TO` (so a refused
/// recipient is named with the server's reason), the last reply in full, and the `SIZE` limit
/// the server announced in its EHLO reply.
struct SMTPTranscript: Sendable, Hashable {
    /// One command and the lines of the server's reply to it (the greeting has no command).
    struct Exchange: Sendable, Hashable {
        var command: String?
        var reply: [String]

        /// The reply's code, such as 550.
        var code: Int? { reply.last.flatMap { Int($0.prefix(3)) } }
        /// All reply lines as one: `550 5.1.1 <x@example.org>: Recipient address rejected: User unknown`.
        var replyText: String { SMTPTranscript.joined(reply) }
    }

    var exchanges: [Exchange]
    /// True when `csmtp_send` ran out of room and dropped the rest of the conversation: the
    /// replies to later commands (a refused `RCPT TO`, the final dot) are missing.
    var truncated: Bool

    /// Parses `>command` and `<reply` lines; `truncated` when the recording stopped early.
    init(_ text: String, truncated: Bool = false) {
        self.truncated = truncated
        var exchanges: [Exchange] = []
        var current = Exchange(command: nil, reply: [])
        for line in text.split(separator: "\n") {
            let body = String(line.dropFirst())
            if line.first == ">" {
                if current.command != nil || !current.reply.isEmpty { exchanges.append(current) }
                current = Exchange(command: body, reply: [])
            } else if line.first == "<" {
                current.reply.append(body)
            }
        }
        if current.command != nil || !current.reply.isEmpty { exchanges.append(current) }
        self.exchanges = exchanges
    }

    /// The recipients the server refused, with its reply to each.
    var refusedRecipients: [(address: String, reply: String)] {
        exchanges.compactMap { exchange in
            guard let command = exchange.command, command.uppercased().hasPrefix("RCPT TO:"),
                let code = exchange.code, code >= 400
            else { return nil }
            var address = command.dropFirst("RCPT TO:".count).trimmingPrefix(" ")
            if address.hasPrefix("<"), let end = address.firstIndex(of: ">") {
                address = address[address.index(after: address.startIndex)..<end]
            }
            return (String(address), exchange.replyText)
        }
    }

    /// The last reply that refused something (4xx or 5xx), else the last reply: the QUIT that
    /// follows a refusal is not the reason.
    var failingReply: String? {
        let refusal = exchanges.last { ($0.code ?? 0) >= 400 }
        return (refusal ?? exchanges.last { !$0.reply.isEmpty }).map(\.replyText)
    }

    /// Whether the message itself went out: the server answered `DATA` with 354, so libcurl sent
    /// the body. A failure after that without ``finalReply`` leaves its arrival unknown.
    var messageWentOut: Bool {
        exchanges.contains { exchange in
            exchange.command?.uppercased().hasPrefix("DATA") == true && exchange.reply.contains { $0.hasPrefix("354") }
        }
    }

    /// The reply to the final dot of the message: the last reply after `DATA` and its 354.
    var finalReply: String? {
        guard let data = exchanges.lastIndex(where: { $0.command?.uppercased().hasPrefix("DATA") == true }) else {
            return nil
        }
        let after = exchanges[data]
        // libcurl records the 354 and the reply to the dot under the DATA command.
        guard after.reply.count > 1, let index = after.reply.lastIndex(where: { $0.hasPrefix("354") }) else {
            return nil
        }
        let rest = Array(after.reply[(index + 1)...])
        return rest.isEmpty ? nil : Self.joined(rest)
    }

    /// The message size limit from the EHLO reply's `SIZE n` line; nil when none is announced
    /// or it is 0 (no limit).
    var sizeLimit: Int? {
        for exchange in exchanges where exchange.command?.uppercased().hasPrefix("EHLO") == true {
            for line in exchange.reply {
                let words = line.dropFirst(4).split(separator: " ")
                if words.first?.uppercased() == "SIZE", words.count > 1, let limit = Int(words[1]), limit > 0 {
                    return limit
                }
            }
        }
        return nil
    }

    /// Multi-line replies as one: `250-a`, `250 b` become `250 a / b`.
    static func joined(_ lines: [String]) -> String {
        guard let first = lines.first else { return "" }
        let code = String(first.prefix(3))
        let texts = lines.map { $0.count > 4 ? String($0.dropFirst(4)) : "" }.filter { !$0.isEmpty }
        return texts.isEmpty ? code : "\(code) \(texts.joined(separator: " / "))"
    }
}
