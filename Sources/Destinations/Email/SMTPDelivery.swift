import CCurl
import ProcessRunning
import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// One SMTP submission through libcurl (`Sources/CCurl`, loaded on the first send): the finished
/// message as the upload, the envelope from the addresses, STARTTLS and AUTH as configured.
///
/// The transfer runs on a thread of its own; cancelling the task aborts it within a second
/// (libcurl's progress callback reads the flag). The outcome is classified by the server's last
/// reply code, then by libcurl's error: 4xx, refused connections and timeouts are `transient`;
/// 5xx, a refused login and certificate failures `permanent`.
struct SMTPDelivery: Sendable {
    var url: SMTPURL
    var security: EmailDestination.TransportSecurity
    var caFile: String?
    var user: String?
    var password: Secret?
    var timeout: Duration
    var connectTimeout: Duration

    /// What libcurl reported.
    struct Outcome: Sendable {
        var curlCode: Int32
        var responseCode: Int
        var error: String
        /// The conversation: the server's replies and the envelope commands, never the login.
        var transcript = SMTPTranscript("")
        /// The size of the message sent, for a 552's message.
        var messageSize = 0
    }

    /// A message the server took: its reply to the final dot, and the recipients it refused.
    struct Acceptance: Sendable {
        /// `250 2.0.0 Ok: queued as 4Xyz`, or `250` when the reply was not recorded.
        var reply: String
        /// The recipients the server refused with its reply to each; the message did not go to them.
        var refused: [(address: String, reply: String)]
        /// False when the server's replies were too long to record: `refused` may miss some.
        var refusalsKnown = true
    }

    /// Sends `message` to the recipients the server accepts (libcurl's
    /// `CURLOPT_MAIL_RCPT_ALLOWFAILS`), and names those it refused.
    ///
    /// - Throws: ``ShareCore/ShareError`` quoting the server's reply when it refuses the message,
    ///   the login or every recipient.
    func send(
        _ layout: MailLayout,
        limit: Int,
        from: MailAddress,
        recipients: [MailAddress]
    ) async throws(ShareError) -> Acceptance {
        let flag = CancelFlag()
        let message = MessageSource(MailStream(layout, limit: limit), size: layout.size)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let request = self
                BlockingThread.start {
                    continuation.resume(
                        returning: request.perform(message, from: from, recipients: recipients, cancel: flag)
                    )
                }
            }
        } onCancel: {
            flag.cancel()
        }
        // A file that could not be read, or attachments over the limit, aborted the upload.
        if let failure = message.stream.failure { throw failure }
        if outcome.curlCode == 0 {
            let reply = outcome.transcript.finalReply.map(sanitized) ?? "\(outcome.responseCode)"
            return Acceptance(
                reply: reply,
                refused: outcome.transcript.refusedRecipients.map { ($0.address, sanitized($0.reply)) },
                refusalsKnown: !outcome.transcript.truncated
            )
        }
        throw classify(outcome)
    }

    private func perform(
        _ message: MessageSource,
        from: MailAddress,
        recipients: [MailAddress],
        cancel: CancelFlag
    )
        -> Outcome
    {
        let envelope = recipients.map { strdup("<\($0.addrSpec)>") }
        defer { for pointer in envelope { free(pointer) } }
        let pointers: [UnsafePointer<CChar>?] = envelope.map { $0.map { UnsafePointer($0) } }
        let password = password?.revealed()
        var result = csmtp_result()
        let context = Unmanaged.passUnretained(message).toOpaque()
        let status = pointers.withUnsafeBufferPointer { rcpt in
            url.description.withCString { urlText in
                "<\(from.addrSpec)>".withCString { mailFrom in
                    withOptionalCString(caFile) { ca in
                        withOptionalCString(user) { userText in
                            withOptionalCString(password) { passwordText in
                                var request = csmtp_request(
                                    url: urlText,
                                    mail_from: mailFrom,
                                    recipients: rcpt.baseAddress,
                                    recipient_count: rcpt.count,
                                    message_size: Int64(message.size ?? -1),
                                    read: readMessage,
                                    read_context: context,
                                    tls: tlsLevel,
                                    ca_file: ca,
                                    user: userText,
                                    password: passwordText,
                                    connect_timeout_ms: max(1, connectTimeout.wholeMilliseconds),
                                    timeout_ms: max(1, timeout.wholeMilliseconds),
                                    cancel: UnsafePointer(cancel.pointer)
                                )
                                return csmtp_send(&request, &result)
                            }
                        }
                    }
                }
            }
        }
        let error = withUnsafeBytes(of: result.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let transcript = result.transcript.map { String(cString: $0) } ?? ""
        let truncated = result.transcript_truncated != 0
        csmtp_result_free(&result)
        return Outcome(
            curlCode: status == CSMTP_NO_LIBRARY ? -1 : result.curl_code,
            responseCode: result.response_code,
            error: error,
            transcript: SMTPTranscript(transcript, truncated: truncated),
            messageSize: message.size ?? 0
        )
    }

    private var tlsLevel: Int32 {
        switch security {
        case .required: return CSMTP_TLS_REQUIRED
        case .opportunistic: return CSMTP_TLS_TRY
        case .none: return CSMTP_TLS_NONE
        }
    }

    /// The error for a failed send, its message free of the password and of control characters,
    /// quoting the server's reply and naming the recipients it refused.
    func classify(_ outcome: Outcome) -> ShareError {
        let server = url.description
        let detail = sanitized(outcome.error)
        let reply = outcome.responseCode
        func error(_ code: ShareError.Code, _ message: String, detail: ShareError.Detail? = nil) -> ShareError {
            ShareError(code, destination: .email, message: message, detail: detail)
        }
        let said = outcome.transcript.failingReply.map { "the server said \"\(sanitized($0))\"" } ?? detail
        switch outcome.curlCode {
        case -1:
            return error(.unavailable, detail)
        case 42:
            return error(.cancelled, "cancelled while talking to \(server)")
        case 67:
            return error(
                .permanent,
                "\(server) refused the login for \(user ?? "the user")\(reply > 0 ? " (\(reply))" : ""): \(said); check \(EmailDestination.Configuration.userVariable) and \(EmailDestination.Configuration.passwordVariable)"
            )
        default:
            break
        }
        if (400..<600).contains(reply) {
            var text =
                (500..<600).contains(reply)
                ? "\(server) refused the message with \(reply): \(said)"
                : "\(server) answered \(reply), a temporary failure: \(said)"
            let refused = outcome.transcript.refusedRecipients
            if !refused.isEmpty {
                let list = refused.map { "\($0.address) (\"\(sanitized($0.reply))\")" }.joined(separator: ", ")
                text += "; refused recipient(s): \(list)"
            }
            if outcome.transcript.truncated {
                text += " (its replies were too long to record in full; this may not be its last word)"
            }
            text += Self.hint(for: reply, transcript: outcome.transcript, messageSize: outcome.messageSize)
            if (400..<500).contains(reply) { text += "; retrying may help" }
            return error((500..<600).contains(reply) ? .permanent : .transient, text)
        }
        if [28, 52, 55, 56].contains(outcome.curlCode), outcome.transcript.messageWentOut,
            outcome.transcript.finalReply == nil
        {
            let what =
                outcome.curlCode == 28
                ? "did not answer in time (limit \(Double(timeout.wholeMilliseconds) / 1000) s)"
                : "closed the connection"
            return error(
                .outcomeUnknown,
                "the message went out, then \(server) \(what) before accepting it: \(detail); it may have arrived, so it is not sent again automatically (SMTP can't tell a duplicate)",
                detail: .init(.noAnswer)
            )
        }
        switch outcome.curlCode {
        case 6:
            return error(.transient, "can't resolve \(url.host): \(detail)")
        case 7:
            return error(.transient, "can't connect to \(server) (connection refused or unreachable): \(detail)")
        case 28:
            return error(
                .transient,
                "\(server) did not answer in time (limit \(Double(timeout.wholeMilliseconds) / 1000) s): \(detail); the message may or may not have arrived"
            )
        case 52, 55, 56:
            return error(.transient, "the connection to \(server) broke: \(detail)")
        case 60, 35, 58, 77, 83, 90, 91:
            return error(
                .permanent,
                "TLS with \(server) failed: \(detail)",
                detail: .init(
                    .tlsFailed,
                    setting: "caFile",
                    found: [server],
                    mentions: [
                        SettingMention(
                            "TLS with \(server) failed: \(detail)",
                            advice:
                                "TLS with \(server) failed: \(detail); if the server uses a private CA, pass its certificate with \(flag: EmailDestination.Settings.caFile)"
                        )
                    ]
                )
            )
        case 64:
            return error(
                .permanent,
                "\(server) does not offer STARTTLS, and TLS is required: use smtps:// or a server with STARTTLS (Configuration.security .opportunistic or .none only on a trusted network)",
                detail: .init(
                    .tlsFailed,
                    setting: "security",
                    found: [server],
                    mentions: [
                        SettingMention(
                            "Configuration.security .opportunistic or .none",
                            advice: "\(flag: EmailDestination.Settings.security) opportunistic or none"
                        )
                    ]
                )
            )
        default:
            return error(.permanent, "sending through \(server) failed (curl error \(outcome.curlCode)): \(detail)")
        }
    }

    /// What a refusal's code suggests: the size limit for 552, a login or relay permission for
    /// 530, 554 and the 5.7.x policy refusals.
    static func hint(for code: Int, transcript: SMTPTranscript, messageSize: Int) -> String {
        let enhanced = transcript.failingReply.map { $0.dropFirst(4).prefix(while: { $0 != " " }) } ?? ""
        if code == 552 || enhanced == "5.3.4" {
            guard let limit = transcript.sizeLimit else {
                return
                    ". The message is \(messageSize) bytes and the server did not announce its limit (no SIZE in its EHLO reply): send a smaller image or fewer files"
            }
            return
                ". The message is \(messageSize) bytes; the server's limit is \(limit) bytes (SIZE in its EHLO reply): send a smaller image or fewer files, or raise the server's message_size_limit"
        }
        if code == 530 || code == 554 || enhanced.hasPrefix("5.7.") {
            return
                ". The server refuses this client or this relay: it may need a login (\(EmailDestination.Configuration.userVariable) and \(EmailDestination.Configuration.passwordVariable), usually on the submission port 587 with STARTTLS) or permission to relay from this host"
        }
        return ""
    }

    /// `text` with the password replaced, control characters dropped, at most 300 characters.
    func sanitized(_ text: String) -> String {
        var clean = text
        if let secret = password?.revealed(), !secret.isEmpty { clean = clean.replacing(secret, with: "<redacted>") }
        clean = String(clean.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return String(clean.prefix(300))
    }
}

/// The message libcurl uploads, pulled through ``readMessage`` on the transfer's thread.
final class MessageSource: @unchecked Sendable {
    let stream: MailStream
    /// The exact size, for SMTP's SIZE parameter; nil when an attachment is not a regular file.
    let size: Int?

    init(_ stream: MailStream, size: Int?) {
        self.stream = stream
        self.size = size
    }
}

/// libcurl's read callback: the next bytes of the message, 0 at its end, or
/// `CSMTP_READ_ABORT` when the stream failed (its error stays in ``MailStream/failure``).
private func readMessage(
    _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int,
    _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let buffer, let context else { return Int(CSMTP_READ_ABORT) }
    let source = Unmanaged<MessageSource>.fromOpaque(context).takeUnretainedValue()
    do {
        return try source.stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
    } catch {
        return Int(CSMTP_READ_ABORT)
    }
}

/// An `int` libcurl's progress callback reads, set once when the task is cancelled.
private final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    func cancel() { csmtp_cancel(pointer) }

    deinit { pointer.deallocate() }
}

private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
