import ArgumentParser

/// `--outbox URL` of the `outbox` commands and `stats`: which outbox they use.
struct OutboxChoice: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The outbox to use: postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=MODE], or a SQLite file "
                + "(default: \(OutboxSettings.urlVariable), the config file's outbox.url, else the history database). "
                + "A password comes from \(OutboxSettings.passwordVariable), outbox.password_env or _file, the keyring "
                + "('sharevia outbox password'), or PGPASSWORD.",
            valueName: "url"
        )
    )
    var outbox: String?
}
