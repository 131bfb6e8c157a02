import ShareCore
import ShareHistory

/// Which outbox a command uses: the SQLite history database on this machine (the default), another SQLite file, or
/// a PostgreSQL database that workers on many machines share.
///
/// Named by `--outbox`, else `SHAREVIA_OUTBOX_URL`, else the config file's `outbox.url` (`url_env`, `url_file`),
/// else the history database. A PostgreSQL URL without a password takes one from `SHAREVIA_OUTBOX_PASSWORD`, the
/// config file's `outbox.password` (`password_env`, `password_file`), the keyring, or `PGPASSWORD`, in that order.
/// The password is a ``Secret``: no message shows it.
enum OutboxLocation: Sendable, Hashable {
    case file(String)
    case database(OutboxDatabaseURL)

    /// The location `flag` names, or the environment's or config file's, or the history database.
    /// - Throws: ``CommandFailure`` (usage) for a URL that can't be read, (internal) without a state folder.
    static func resolve(
        flag: String?,
        environment: ShareEnvironment,
        configSecrets: [String: Secret]
    ) throws -> OutboxLocation {
        let named: (text: String, source: String)? =
            flag.map { ($0, "--outbox") }
            ?? environment[OutboxSettings.urlVariable].map { ($0, OutboxSettings.urlVariable) }
            ?? configSecrets[OutboxSettings.url.key!].map { ($0.revealed(), "the config file's outbox.url") }
        guard let named, !named.text.isEmpty else {
            return .file(try OutboxCommands.path(environment: environment))
        }
        guard OutboxDatabaseURL.isPostgres(named.text) else {
            if named.text.contains("://") {
                throw usageFailure(
                    "\(named.source): not an outbox: give postgresql://USER@HOST[:PORT]/DATABASE or a SQLite file's path"
                )
            }
            return .file(OutboxQueueing.absolute(named.text))
        }
        var url: OutboxDatabaseURL
        do {
            url = try OutboxDatabaseURL(parsing: named.text)
        } catch {
            throw usageFailure("\(named.source): \(error)")
        }
        if url.password == nil {
            url.password = password(for: url, environment: environment, configSecrets: configSecrets)
        }
        return .database(url)
    }

    /// The password for `url` from the variable, the config file, the keyring or `PGPASSWORD`; nil when none has
    /// one (a server that trusts the connection, or asks for no password).
    static func password(
        for url: OutboxDatabaseURL,
        environment: ShareEnvironment,
        configSecrets: [String: Secret]
    ) -> Secret? {
        if let value = environment[OutboxSettings.passwordVariable] { return Secret(value) }
        if let secret = configSecrets[OutboxSettings.password.key!] { return secret }
        if let stored = OutboxKeyring.password(for: url, environment: environment) { return stored }
        return environment["PGPASSWORD"].map { Secret($0) }
    }

    /// The file's path or the URL, without a password.
    var name: String {
        switch self {
        case .file(let path): path
        case .database(let url): url.description
        }
    }

    /// In words for messages, without a password.
    var description: String {
        switch self {
        case .file(let path): "the outbox \(path)"
        case .database(let url): "the outbox \(url)"
        }
    }
}
