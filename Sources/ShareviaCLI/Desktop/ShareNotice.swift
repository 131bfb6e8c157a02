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
        var path: String?
        do {
            path = try lastReport.write(Array(json.utf8), environment: environment)
        } catch {
            StandardStreams.printError("warning: --notify: the report was not kept: \(error.message)")
        }
        let notification = ShareNotification(report: report, queued: queued, reportPath: path)
        if let why = await DesktopNotifier(environment: environment).show(notification) {
            StandardStreams.printError("note: --notify: no desktop notification was shown: \(why)")
        }
    }
}
