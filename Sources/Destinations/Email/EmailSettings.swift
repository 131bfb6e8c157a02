import ShareCore

extension EmailDestination {
    /// Email's settings: its flags, config keys and variables, declared here only.
    public enum Settings {
        static let group = "Email"

        /// The SMTP server.
        public static let smtp = ShareSetting(
            key: "email.smtp_url",
            flag: "smtp",
            variable: Configuration.urlVariable,
            kind: .text,
            help:
                "Email: the SMTP server, smtp://host:port (STARTTLS) or smtps://host:port (or SHAREVIA_SMTP_URL); without one, a .eml draft and a mailto: URI.",
            valueName: "url",
            defaultWords: "(none: a .eml draft and a mailto: URI)",
            summary: "smtp://host:port or smtps://host:port",
            group: group
        )
        /// The sender.
        public static let from = ShareSetting(
            key: "email.from",
            flag: "email-from",
            variable: Configuration.fromVariable,
            kind: .text,
            help: "Email: the sender, addr or 'Name <addr>' (or SHAREVIA_EMAIL_FROM).",
            valueName: "address",
            summary: "the sender",
            group: group
        )
        /// The recipients.
        public static let to = ShareSetting(
            key: "email.to",
            flag: "email-to",
            kind: .texts,
            help: "Email: a recipient, addr or 'Name <addr>'; repeat for more.",
            valueName: "address",
            defaultWords: "[]",
            summary: "the recipients",
            group: group,
            repeats: true
        )
        /// The Cc recipients.
        public static let cc = ShareSetting(
            key: "email.cc",
            flag: "email-cc",
            kind: .texts,
            help: "Email: a Cc recipient; repeat for more.",
            valueName: "address",
            defaultWords: "[]",
            summary: "the Cc recipients",
            group: group,
            repeats: true
        )
        /// The subject.
        public static let subject = ShareSetting(
            flag: "subject",
            kind: .text,
            help: "Email: the subject (default: the title).",
            valueName: "subject",
            group: group
        )
        /// Add an HTML version.
        public static let html = ShareSetting(
            flag: "html",
            kind: .presence,
            help: "Email: add an HTML version that shows the card inline.",
            group: group
        )
        /// STARTTLS.
        public static let security = ShareSetting(
            key: "email.tls",
            flag: "smtp-tls",
            kind: .choice(TransportSecurity.allCases.map(\.rawValue)),
            help: "Email: STARTTLS required, opportunistic or none (default: required; opportunistic on loopback).",
            valueName: "mode",
            defaultWords: "required (opportunistic on loopback)",
            summary: "STARTTLS",
            group: group
        )
        /// A PEM file of CA certificates.
        public static let caFile = ShareSetting(
            key: "email.ca_file",
            flag: "smtp-ca-file",
            kind: .path,
            help: "Email: a PEM file of CA certificates to verify the SMTP server with.",
            valueName: "file",
            defaultWords: "(the system's)",
            summary: "a PEM file of CA certificates",
            group: group
        )
        /// The most the attachments may hold together, in MiB: any number above 0 on the command
        /// line (`2.5`), a whole number in the config file.
        public static let maxAttachmentMiB = ShareSetting(
            key: "email.max_attachment_mib",
            flag: "email-max-attachment-mib",
            kind: .number,
            help: "Email: the most the attachments may hold together, in MiB (default 25), checked while reading them.",
            valueName: "mib",
            defaultWords: "25",
            summary: "the most the attachments may hold together, in MiB",
            group: group
        )
        /// The SMTP login.
        public static let user = ShareSetting(
            key: "email.user",
            variable: Configuration.userVariable,
            kind: .text,
            defaultWords: "(none: no AUTH)",
            summary: "the SMTP login"
        )
        /// The SMTP password: a secret, from a variable or a file, never a flag.
        public static let password = ShareSetting(
            key: "email.password",
            variable: Configuration.passwordVariable,
            kind: .text,
            summary: "the SMTP password: password_env or password_file (inline only in a 0600 file)",
            isSecret: true
        )

        /// Every email setting: the keys in `config check`'s order, the flags in `--help`'s.
        public static let all = [smtp, from, to, cc, user, password, subject, html, security, caFile, maxAttachmentMiB]
    }
}

extension EmailDestination {
    /// Email as a built-in: its settings, and its entry; a draft goes to the share folder and
    /// `--timeout` limits one SMTP delivery.
    public static let builtIn = BuiltInDestination.single(
        standardDescriptor,
        settings: Settings.all,
        purpose: .message,
        outputDirectory: { $0.outputDirectory = $1 },
        read: Configuration.init(reading:problems:),
        build: { configuration, context in
            var configuration = configuration
            configuration.password = Settings.password.key.flatMap { context.secrets[$0] }
            return EmailDestination(configuration: configuration, environment: context.environment)
        }
    )
}

extension EmailDestination.Configuration {
    /// The configuration `settings` describe (the password excepted: a secret is resolved by
    /// whoever read the file); each bad value is left at its default and added to `problems`.
    public init(reading settings: SettingsReader, problems: inout [SettingError]) {
        typealias Settings = EmailDestination.Settings
        self.init()
        var scheme: SMTPURL.Scheme?
        smtp = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.smtp) { (found: SettingValue) -> Result<String, SettingProblem> in
                let text = found.text
                if found.source.file != nil {
                    guard !text.contains("@") else {
                        return .failure(
                            SettingProblem(
                                "holds a user and password, which would show wherever the URL does; write smtp://host:port here, the user as email.user and the password as email.password_env or email.password_file"
                            )
                        )
                    }
                    guard text.hasPrefix("smtp://") || text.hasPrefix("smtps://") else {
                        return .failure(SettingProblem("must be smtp://host:port (STARTTLS) or smtps://host:port"))
                    }
                }
                do throws(MailContentError) {
                    scheme = try SMTPURL(parsing: text).scheme
                } catch {
                    return .failure(SettingProblem(error.message))
                }
                return .success(text)
            }
        }
        security = settings.recording(&problems) { reader throws(SettingError) in
            try reader.choice(Settings.security, EmailDestination.TransportSecurity.init(rawValue:))
        }
        if scheme == .smtps, security == EmailDestination.TransportSecurity.none,
            let source = settings.source(Settings.security)
        {
            problems.append(
                SettingError(
                    setting: Settings.security,
                    source: source,
                    problem: "none can't be used with smtps://, which is TLS from the start"
                )
            )
        }
        func addresses(_ setting: ShareSetting) -> [String]? {
            settings.recording(&problems) { reader throws(SettingError) in
                try reader.value(setting) { (found: SettingValue) -> Result<[String], SettingProblem> in
                    if found.source.file != nil,
                        found.texts.contains(where: { $0.isEmpty || OneLineText.firstBreak(in: $0) != nil })
                    {
                        return .failure(
                            SettingProblem(setting.kind.isList ? "must hold one-line values" : "must be one line")
                        )
                    }
                    for value in found.texts {
                        do throws(MailContentError) {
                            _ = try MailAddress(parsing: value, field: "--" + (setting.flag ?? ""))
                        } catch {
                            return .failure(SettingProblem(error.message))
                        }
                    }
                    return .success(found.texts)
                }
            }
        }
        from = addresses(Settings.from)?.first
        to = addresses(Settings.to) ?? []
        cc = addresses(Settings.cc) ?? []
        subject = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.subject) { (found: SettingValue) -> Result<String, SettingProblem> in
                let bad = found.text.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || OneLineText.breaksLine($0)
                }
                return bad
                    ? .failure(
                        SettingProblem(
                            "must be one line without control characters (no CR, LF, NUL, U+0085, U+2028 or U+2029)"
                        )
                    ) : .success(found.text)
            }
        }
        html = settings.value(Settings.html) != nil
        caFile = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.caFile) { (found: SettingValue) -> Result<String, SettingProblem> in
                if found.text.isEmpty { return .failure(SettingProblem("needs a file path")) }
                if found.source.file != nil, !found.text.hasPrefix("/") {
                    return .failure(SettingProblem("must be an absolute path (or ~/...)"))
                }
                return .success(found.text)
            }
        }
        attachmentLimit = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.maxAttachmentMiB) { (found: SettingValue) -> Result<Int, SettingProblem> in
                // A flag takes a fraction of a MiB; the file a whole number.
                if found.source.isFlag {
                    guard let mib = Double(found.text), mib > 0 && mib <= 1_048_576 else {
                        return .failure(SettingProblem("must be a number of MiB above 0 and at most 1048576"))
                    }
                    return .success(Int(mib * 1_048_576))
                }
                guard let mib = Int(found.text), (1...1_048_576).contains(mib) else {
                    return .failure(SettingProblem("must be a whole number from 1 to 1048576"))
                }
                return .success(mib * 1_048_576)
            }
        }
        timeout = (try? settings.seconds(ShareSettings.timeout)) ?? ShareSettings.defaultTimeout
        user = settings.recording(&problems) { reader throws(SettingError) in
            try reader.value(Settings.user) { (found: SettingValue) -> Result<String, SettingProblem> in
                OneLineText.firstBreak(in: found.text) == nil
                    ? .success(found.text) : .failure(SettingProblem("must be one line"))
            }
        }
    }
}
