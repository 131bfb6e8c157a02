/// The settings of a share itself, and those several destinations share, declared once:
/// `--timeout`/`share.timeout`, `--retries`/`share.retries`, `--out`/`output.folder`,
/// `--unavailable` and `SHAREVIA_UNAVAILABLE`. (The chain's own, `fallback` and `chains`, are the
/// command line's: see `ShareChainSettings` there.)
public enum ShareSettings {
    /// Seconds one delivery may take.
    public static let timeout = ShareSetting(
        key: "share.timeout",
        flag: "timeout",
        kind: .seconds,
        help: "Seconds one delivery may take before it counts as failed (default: 30).",
        valueName: "seconds",
        defaultWords: "30",
        summary: "seconds one delivery may take"
    )

    /// ``timeout``'s default.
    public static let defaultTimeout: Duration = .seconds(30)

    /// Retries after a transient failure, per destination.
    public static let retries = ShareSetting(
        key: "share.retries",
        flag: "retries",
        kind: .integer(0...10),
        help: "Retries after a transient failure, per destination (default: 2).",
        defaultWords: "2",
        summary: "retries after a transient failure"
    )

    /// ``retries``' default.
    public static let defaultRetries = 2

    /// The folder the file export, and any destination that leaves files, writes into.
    public static let outputFolder = ShareSetting(
        key: "output.folder",
        flag: "out",
        kind: .path,
        help: "Folder for the file export (default: $XDG_DATA_HOME/sharevia/shares).",
        valueName: "dir",
        defaultWords: "$XDG_DATA_HOME/sharevia/shares",
        summary: "where the file export (and Instagram's bundle) writes"
    )

    /// Destinations to treat as unavailable, to test fallbacks.
    public static let unavailable = ShareSetting(
        flag: "unavailable",
        variable: ShareEnvironment.unavailableVariable,
        kind: .text,
        help:
            "Treat these destinations as unavailable (comma separated), to test fallbacks. Adds to SHAREVIA_UNAVAILABLE.",
        valueName: "dest,..."
    )

    /// Every shared setting, in the order `config check` lists them.
    public static let all = [outputFolder, timeout, retries]
}
