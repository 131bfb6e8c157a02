import Foundation
import ProcessRunning
import Synchronization

/// A ``CommandRunning`` double: records every invocation and answers with a script.
///
/// The script gets the invocation and its position (0 for the first call) and returns the
/// fake output or a spawn error. `observe` runs at call time, while any temp file still exists.
final class ScriptedRunner: CommandRunning {
    typealias Script = @Sendable (ProcessInvocation, Int) -> Result<ProcessOutput, ProcessRunnerError>

    private let calls = Mutex<[ProcessInvocation]>([])
    private let script: Script
    private let observe: (@Sendable (ProcessInvocation) -> Void)?

    init(observe: (@Sendable (ProcessInvocation) -> Void)? = nil, _ script: @escaping Script) {
        self.script = script
        self.observe = observe
    }

    /// Every invocation so far, in order.
    var invocations: [ProcessInvocation] { calls.withLock { $0 } }

    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        let index = calls.withLock { calls in
            calls.append(invocation)
            return calls.count - 1
        }
        observe?(invocation)
        return try script(invocation, index).get()
    }

    /// A script under which every copy succeeds and every read-back returns what `content`
    /// says for the invocation; `TARGETS` lists `types`.
    static func serving(types: [String], content: @escaping @Sendable (ProcessInvocation) -> [UInt8]) -> Script {
        { invocation, _ in
            let arguments = invocation.arguments
            if arguments.contains("-o") || arguments.contains("--output") || invocation.executable.hasSuffix("wl-paste")
            {
                if arguments.contains("TARGETS") || arguments.contains("--list-types") {
                    return .success(ProcessOutput(standardOutput: Array(types.joined(separator: "\n").utf8)))
                }
                return .success(ProcessOutput(standardOutput: content(invocation)))
            }
            return .success(ProcessOutput())
        }
    }
}

/// Wraps the real runner and runs hooks before each invocation starts (to see that a copy has
/// begun) and after it finished (to kill a server between the copy and the verification, say).
struct HookedRunner: CommandRunning {
    var base: ProcessRunner = ProcessRunner()
    var before: @Sendable (ProcessInvocation) async -> Void = { _ in }
    var after: @Sendable (ProcessInvocation, ProcessOutput) async -> Void = { _, _ in }

    func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
        await before(invocation)
        let output = try await base.run(invocation)
        await after(invocation, output)
        return output
    }
}
