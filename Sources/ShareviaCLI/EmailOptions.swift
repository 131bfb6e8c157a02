import ArgumentParser
import Destinations
import ShareCore

/// The email options of the share command, named and explained by its settings (declared in its folder).
struct EmailOptions: ParsableArguments {
    private typealias S = EmailDestination.Settings

    @Option(name: .setting(S.smtp), help: ArgumentHelp(setting: S.smtp))
    var smtp: String?

    @Option(name: .setting(S.from), help: ArgumentHelp(setting: S.from))
    var from: String?

    @Option(name: .setting(S.to), help: ArgumentHelp(setting: S.to))
    var to: [String] = []

    @Option(name: .setting(S.cc), help: ArgumentHelp(setting: S.cc))
    var cc: [String] = []

    @Option(name: .setting(S.subject), help: ArgumentHelp(setting: S.subject))
    var subject: String?

    @Flag(name: .setting(S.html), help: ArgumentHelp(setting: S.html))
    var html = false

    @Option(name: .setting(S.security), help: ArgumentHelp(setting: S.security))
    var security: EmailDestination.TransportSecurity?

    @Option(name: .setting(S.caFile), help: ArgumentHelp(setting: S.caFile))
    var caFile: String?

    @Option(name: .setting(S.maxAttachmentMiB), help: ArgumentHelp(setting: S.maxAttachmentMiB))
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
    func validate() throws { try validateFlags(values) { EmailDestination.Configuration(reading: $0, problems: &$1) } }
}

extension EmailDestination.TransportSecurity: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}
