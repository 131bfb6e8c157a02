import Foundation
import ProcessRunning

/// Starts each program only after the calling task was cancelled (and 100 ms more), in a task of
/// its own that the cancellation does not reach: the spawn lands after the destination's
/// cancellation handler looked for what to kill, the race that only the invocation's
/// ``StartGate`` closes. A standard input file is read at once, as a spawn under way would have
/// opened it before the handler removed it.
struct LateRunner: CommandRunning {
    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        var late = invocation
        if case .file(let path) = invocation.standardInput, let bytes = FileManager.default.contents(atPath: path) {
            late.standardInput = .bytes(Array(bytes))
        }
        let cancelled = StartGate()  // closed when the caller is cancelled
        let result = await withTaskCancellationHandler { [late] in
            await Task.detached { () -> Result<ProcessOutput, ProcessRunnerError> in
                while !cancelled.isClosed { try? await Task.sleep(for: .milliseconds(10)) }
                try? await Task.sleep(for: .milliseconds(100))
                do throws(ProcessRunnerError) {
                    return .success(try await ProcessRunner().run(late))
                } catch {
                    return .failure(error)
                }
            }.value
        } onCancel: {
            cancelled.close()
        }
        return try result.get()
    }
}
