import ArgumentParser
import Destinations

/// The email options of the share command, declared once here.
struct EmailOptions: ParsableArguments {
    @Option(
        name: .customLong("smtp"),
        help: ArgumentHelp(
            "Email: the SMTP server, smtp://host:port (STARTTLS) or smtps://host:port (or SHAREVIA_SMTP_URL); without one, a .eml draft and a mailto: URI.",
            valueName: "url"
        )
    )
    var smtp: String?

    @Option(
        name: .customLong("email-from"),
        help: ArgumentHelp("Email: the sender, addr or 'Name <addr>' (or SHAREVIA_EMAIL_FROM).", valueName: "address")
    )
    var from: String?

    @Option(
        name: .customLong("email-to"),
        help: ArgumentHelp("Email: a recipient, addr or 'Name <addr>'; repeat for more.", valueName: "address")
    )
    var to: [String] = []

    @Option(
        name: .customLong("email-cc"),
        help: ArgumentHelp("Email: a Cc recipient; repeat for more.", valueName: "address")
    )
    var cc: [String] = []

    @Option(help: ArgumentHelp("Email: the subject (default: the title).", valueName: "subject"))
    var subject: String?

    @Flag(help: "Email: add an HTML version that shows the card inline.")
    var html = false

    @Option(
        name: .customLong("smtp-tls"),
        help: ArgumentHelp(
            "Email: STARTTLS required, opportunistic or none (default: required; opportunistic on loopback).",
            valueName: "mode"
        )
    )
    var security: EmailDestination.TransportSecurity?

    @Option(
        name: .customLong("smtp-ca-file"),
        help: ArgumentHelp("Email: a PEM file of CA certificates to verify the SMTP server with.", valueName: "file")
    )
    var caFile: String?

    @Option(
        name: .customLong("email-max-attachment-mib"),
        help: ArgumentHelp(
            "Email: the most the attachments may hold together, in MiB (default 25), checked while reading them.",
            valueName: "mib"
        )
    )
    var maxAttachmentMiB: Double?

    func validate() throws {
        if let smtp {
            do {
                let url = try SMTPURL(parsing: smtp)
                if url.scheme == .smtps && security == EmailDestination.TransportSecurity.none {
                    throw ValidationError("--smtp-tls none can't be used with smtps://, which is TLS from the start")
                }
            } catch let error as MailContentError {
                throw ValidationError("--smtp \(error.message)")
            }
        }
        let lists: [(String, [String])] = [
            ("--email-from", from.map { [$0] } ?? []), ("--email-to", to), ("--email-cc", cc),
        ]
        for (flag, values) in lists {
            for value in values {
                do {
                    _ = try MailAddress(parsing: value, field: flag)
                } catch {
                    throw ValidationError("\(flag) \(error.message)")
                }
            }
        }
        if let subject,
            subject.unicodeScalars.contains(where: {
                ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || OneLineText.breaksLine($0)
            })
        {
            throw ValidationError(
                "--subject must be one line without control characters (no CR, LF, NUL, U+0085, U+2028 or U+2029)"
            )
        }
        if let caFile, caFile.isEmpty { throw ValidationError("--smtp-ca-file needs a file path") }
        if let maxAttachmentMiB, !(maxAttachmentMiB > 0 && maxAttachmentMiB <= 1_048_576) {
            throw ValidationError("--email-max-attachment-mib must be a number of MiB above 0 and at most 1048576")
        }
    }

    /// The destination's configuration; the folder comes from `--out`, the timeout from `--timeout`.
    var configuration: EmailDestination.Configuration {
        EmailDestination.Configuration(
            smtp: smtp,
            from: from,
            to: to,
            cc: cc,
            subject: subject,
            html: html,
            security: security,
            caFile: caFile,
            attachmentLimit: maxAttachmentMiB.map { Int($0 * 1_048_576) }
        )
    }
}

extension EmailDestination.TransportSecurity: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
