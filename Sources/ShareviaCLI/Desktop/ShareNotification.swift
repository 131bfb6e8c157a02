import ShareCore

/// What the desktop notification of a share (`--notify`) says: `delivered` or `handed off` and
/// by which destination (a fallback named as such), the next step of a hand-off, and for a share
/// that went nowhere where to look (`sharevia outbox`, or the report file).
struct ShareNotification: Equatable, Sendable {
    /// How urgent the notification is: a failure is critical, so it stays on screen.
    enum Urgency: String, Sendable {
        case normal, critical
    }

    /// The title line, plain text: `sharevia: delivered by file`.
    var summary: String
    /// The lines below it, plain text (``DesktopNotifier`` escapes it for the body markup).
    var body: String
    var urgency: Urgency
    /// What the notification's "Open" action opens: the post's URL or the file written; nil
    /// when the share made neither.
    var openTarget: String?

    /// The longest a reason quoted in the body may be, in characters.
    static let reasonLimit = 160

    /// The notification for `report`.
    ///
    /// - Parameters:
    ///   - report: The share's report, already redacted and worded for this command line.
    ///   - queued: The outbox items queued for destinations that failed for a while.
    ///   - reportPath: Where the full report was written (`last-report.json`), if it was.
    init(report: ShareReport, queued: [QueuedShare], reportPath: String?) {
        let first = report.chain.first?.rawValue ?? "?"
        guard let receipt = report.receipt else {
            summary = "sharevia: not shared"
            urgency = .critical
            openTarget = nil
            var lines = ["No destination took the share."]
            lines += Self.failures(in: report, before: nil)
            if !queued.isEmpty {
                let names = queued.map(\.destination.rawValue).joined(separator: ", ")
                lines.append("It is kept in the outbox for \(names): run 'sharevia outbox' to see it.")
            } else if let reportPath {
                lines.append("Check the report: \(reportPath)")
            } else {
                lines.append("Run the share again in a terminal to see the report.")
            }
            body = lines.joined(separator: "\n")
            return
        }
        let by = receipt.destination.rawValue
        let byFallback = receipt.destination != report.chain.first
        let verb = receipt.outcome == .handedOff ? "handed off to" : "delivered by"
        summary = "sharevia: \(verb) \(by)" + (byFallback ? " (fallback)" : "")
        urgency = .normal
        var lines: [String] = []
        if byFallback {
            lines += Self.failures(in: report, before: receipt.destination)
            lines.append("The fallback \(by) took the share instead of \(first).")
        }
        if receipt.outcome == .handedOff {
            lines.append("Next: " + Self.shortened(receipt.nextStep ?? receipt.summary, to: 400))
            openTarget = nil
        } else {
            lines.append(Self.shortened(receipt.summary, to: 400))
            openTarget = receipt.locations.first { Self.isOpenable($0) }
            if let openTarget { lines.append(openTarget) }
        }
        body = lines.joined(separator: "\n")
    }

    /// The notification for a share stopped before any destination was tried: `message` says why.
    init(failure message: String, reportPath: String?) {
        summary = "sharevia: not shared"
        urgency = .critical
        openTarget = nil
        body = Self.shortened(message, to: 400) + (reportPath.map { "\nCheck the report: \($0)" } ?? "")
    }

    /// One line per destination that failed before `taker` (or every one, when nil): its last
    /// attempt's result and reason.
    private static func failures(in report: ShareReport, before taker: DestinationID?) -> [String] {
        var lines: [String] = []
        var seen: Set<DestinationID> = []
        for attempt in report.attempts.reversed() where attempt.destination != taker {
            guard seen.insert(attempt.destination).inserted else { continue }
            lines.append("\(attempt.destination): \(attempt.result): \(shortened(attempt.reason, to: reasonLimit))")
        }
        return lines.reversed()
    }

    /// Whether `location` is something `xdg-open` can open: an http(s) URL or an absolute path.
    static func isOpenable(_ location: String) -> Bool {
        location.hasPrefix("https://") || location.hasPrefix("http://") || location.hasPrefix("/")
    }

    /// `text` cut to `limit` characters, with `…` when cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
