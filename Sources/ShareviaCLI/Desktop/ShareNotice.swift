import ShareCore

/// What `--notify` does once a share has run: keeps the full report (the `--json` text) in
/// `$XDG_STATE_HOME/sharevia/last-report.json`, then shows the result as a desktop notification.
/// Neither changes the share's exit code; what fails is said on stderr.
enum ShareNotice {
    /// `last-report.json`: the last `--notify` share's report, as `--json` prints it.
    static let lastReport = StateFile(name: "last-report.json")

    /// Keeps `json` and shows the notification for `report`.
    static func give(
        report: ShareReport,
        json: String,
        queued: [QueuedShare],
        environment: ShareEnvironment
    ) async {
        let path = keep(json, environment: environment)
        await show(ShareNotification(report: report, queued: queued, reportPath: path), environment: environment)
    }

    /// For a share stopped before it ran (a missing file, an unknown destination): keeps the
    /// JSON error object `--json` prints and shows `message` as a failure.
    static func giveFailure(message: String, exitCode: Int32, environment: ShareEnvironment) async {
        let path = JSONErrorOutput.json(message: message, exitCode: exitCode).flatMap {
            keep($0, environment: environment)
        }
        await show(ShareNotification(failure: message, reportPath: path), environment: environment)
    }

    /// Writes `json` to `last-report.json`; its path, or nil (with a warning) when it can't.
    private static func keep(_ json: String, environment: ShareEnvironment) -> String? {
        do {
            return try lastReport.write(Array(json.utf8), environment: environment)
        } catch {
            StandardStreams.printError("warning: --notify: the report was not kept: \(error.message)")
            return nil
        }
    }

    private static func show(_ notification: ShareNotification, environment: ShareEnvironment) async {
        if let why = await DesktopNotifier(environment: environment).show(notification) {
            StandardStreams.printError("note: --notify: no desktop notification was shown: \(why)")
        }
    }
}
