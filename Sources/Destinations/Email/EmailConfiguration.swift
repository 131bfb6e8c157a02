import ShareCore

extension EmailDestination {
    /// Who the message is from and to, and how it is sent.
    ///
    /// Without an SMTP URL (``smtp`` nor `SHAREVIA_SMTP_URL`) the message is written as a `.eml`
    /// draft into the share folder and a `mailto:` URI is printed: a hand-off.
    public struct Configuration: Sendable, Hashable {
        /// The attachment limit in force: ``attachmentLimit``, else the default.
        public var effectiveAttachmentLimit: Int { attachmentLimit ?? Self.defaultAttachmentLimit }

        /// The submission server, `smtp://host:port` or `smtps://host:port`; nil reads
        /// `SHAREVIA_SMTP_URL`, and without either the message becomes a draft.
        public var smtp: String?
        /// The sender, `addr` or `Name <addr>`; nil reads `SHAREVIA_EMAIL_FROM`.
        public var from: String?
        /// The `To:` recipients.
        public var to: [String]
        /// The `Cc:` recipients.
        public var cc: [String]
        /// The subject; nil uses the share's title, else its first line of text.
        public var subject: String?
        /// Also send an HTML version that shows the card inline.
        public var html: Bool
        /// How the connection is protected; nil for ``TransportSecurity/required``, except
        /// ``TransportSecurity/opportunistic`` on a loopback host.
        public var security: TransportSecurity?
        /// A PEM file of CA certificates to verify the server with (a private CA); nil for the system's.
        public var caFile: String?
        /// The login; nil reads `SHAREVIA_SMTP_USER`. No login, no AUTH.
        public var user: String?
        /// The password; nil reads `SHAREVIA_SMTP_PASSWORD`. Never printed, logged or stored.
        public var password: Secret?
        /// How long one delivery may take, connection included.
        public var timeout: Duration
        /// How long connecting may take.
        public var connectTimeout: Duration
        /// Where a draft `.eml` is written; nil for the share folder.
        public var outputDirectory: String?
        /// The most bytes the attachments may hold together; nil for 25 MiB (the CLI's
        /// `--email-max-attachment-mib`). Counted while the files are read, so an endless input
        /// stops there; the message is about a third larger (base64).
        public var attachmentLimit: Int?

        /// The variables read when the matching setting is nil.
        public static let urlVariable = "SHAREVIA_SMTP_URL"
        public static let userVariable = "SHAREVIA_SMTP_USER"
        public static let passwordVariable = "SHAREVIA_SMTP_PASSWORD"
        public static let fromVariable = "SHAREVIA_EMAIL_FROM"
        /// The attachment limit when none is set: 25 MiB, what Gmail and Outlook accept.
        public static let defaultAttachmentLimit = 25 * 1024 * 1024

        /// Creates a configuration; by default a draft, everything else from the environment.
        public init(
            smtp: String? = nil,
            from: String? = nil,
            to: [String] = [],
            cc: [String] = [],
            subject: String? = nil,
            html: Bool = false,
            security: TransportSecurity? = nil,
            caFile: String? = nil,
            user: String? = nil,
            password: Secret? = nil,
            timeout: Duration = .seconds(30),
            connectTimeout: Duration = .seconds(10),
            outputDirectory: String? = nil,
            attachmentLimit: Int? = nil
        ) {
            self.smtp = smtp
            self.from = from
            self.to = to
            self.cc = cc
            self.subject = subject
            self.html = html
            self.security = security
            self.caFile = caFile
            self.user = user
            self.password = password
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.outputDirectory = outputDirectory
            self.attachmentLimit = attachmentLimit
        }

        /// This configuration with every nil setting that has a variable filled from `environment`.
        func resolved(in environment: ShareEnvironment) -> Configuration {
            var copy = self
            copy.smtp = smtp ?? environment[Self.urlVariable]
            copy.from = from ?? environment[Self.fromVariable]
            copy.user = user ?? environment[Self.userVariable]
            copy.password = password ?? Secret(environment: environment, variable: Self.passwordVariable)
            return copy
        }
    }

    /// How the SMTP connection is protected.
    public enum TransportSecurity: String, Sendable, Hashable, CaseIterable {
        /// STARTTLS must succeed, with a verified certificate, before anything else is sent.
        case required
        /// STARTTLS when the server offers it (verified then); plain otherwise.
        case opportunistic
        /// Never STARTTLS. Only for loopback or a trusted network; refused with a password.
        case none
    }
}
