/// Something that runs programs: the real ``ProcessRunner``, or a test double that records
/// invocations, fakes results, or wraps the real runner to inject faults.
///
/// Conformers must never block the caller's task on a daemonising grandchild, must honour
/// ``ProcessInvocation/timeout``, and should stop the child when the calling task is cancelled.
package protocol CommandRunning: Sendable {
    /// Runs the invocation and returns what the program did.
    ///
    /// - Throws: ``ProcessRunnerError`` when the program can't be started (or its stdin file
    ///   can't be opened, or its output can't be kept).
    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput
}
