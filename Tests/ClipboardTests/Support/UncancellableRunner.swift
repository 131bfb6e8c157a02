import ProcessRunning

/// Runs the real runner in a task of its own, so cancelling the caller does not reach the
/// program: it stands in for a process that exits before its runner could stop the child, and
/// shows that only the destination's own cancellation handler ends what the attempt started.
struct UncancellableRunner: CommandRunning {
    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        let result = await Task.detached { () -> Result<ProcessOutput, ProcessRunnerError> in
            do throws(ProcessRunnerError) {
                return .success(try await ProcessRunner().run(invocation))
            } catch {
                return .failure(error)
            }
        }.value
        return try result.get()
    }
}
