import ArgumentParser
import Destinations
import ShareCore

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

    /// The values given, by flag, for the settings reader.
    var values: [String: [String]] {
        typealias Settings = EmailDestination.Settings
        var values: [String: [String]] = [:]
        values[Settings.smtp.flag!] = smtp.map { [$0] }
        values[Settings.from.flag!] = from.map { [$0] }
        if !to.isEmpty { values[Settings.to.flag!] = to }
        if !cc.isEmpty { values[Settings.cc.flag!] = cc }
        values[Settings.subject.flag!] = subject.map { [$0] }
        if html { values[Settings.html.flag!] = ["true"] }
        values[Settings.security.flag!] = security.map { [$0.rawValue] }
        values[Settings.caFile.flag!] = caFile.map { [$0] }
        values[Settings.maxAttachmentMiB.flag!] = maxAttachmentMiB.map { [String($0)] }
        return values
    }

    /// Checked by email's own settings code, as a variable or the config file is.
    func validate() throws {
        var problems: [SettingError] = []
        let reader = SettingsReader(providers: [CommandLineSettingsProvider(values: values)])
        _ = EmailDestination.Configuration(reading: reader, problems: &problems)
        if let problem = problems.first { throw ValidationError(problem.description) }
    }
}

extension EmailDestination.TransportSecurity: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
