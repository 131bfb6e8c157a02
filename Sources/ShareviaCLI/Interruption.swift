import ShareCore

/// What `sharevia` says and exits with when SIGINT or SIGTERM interrupted a share
/// (see ``InterruptSignals``).
struct Interruption {
    /// The signal's number.
    var signal: Int32

    /// `SIGINT` or `SIGTERM`.
    var signalName: String { InterruptSignals.name(of: signal) }

    /// 130 for SIGINT, 143 for SIGTERM, as a shell reports a process the signal ended; but when a
    /// destination delivered or handed off before the cancellation reached it, the share's own
    /// code (0 or 3): the report is the truth, and a caller must not send the share again.
    func exitCode(for report: ShareReport) -> Int32 {
        report.receipt == nil ? 128 + signal : ShareviaExitCode.code(for: report.outcome)
    }

    /// The report's last line.
    func line(for report: ShareReport) -> String {
        if let receipt = report.receipt {
            return
                "interrupted by \(signalName) after \(receipt.destination) had taken the share; the report above holds"
        }
        return
            "interrupted by \(signalName): the share was cancelled, and its destination told to stop and remove its temporary files"
    }
}
