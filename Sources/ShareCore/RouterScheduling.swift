/// Where the router runs the tasks it starts, and the clock that times them.
///
/// The router runs each delivery in a task of its own, raced against a timer task (see
/// ``ShareRouter``), and waits between retries. By default those tasks run on the global
/// concurrent executor and wait on `ContinuousClock`. A command-line tool that runs its whole
/// share on one thread passes that thread's executor and clock so no other thread is started
/// (sharevia's CLI does); a test can pass a clock it controls.
public struct RouterScheduling: Sendable {
    /// The executor the delivery and timer tasks prefer; `nil` for the global concurrent executor.
    public var taskExecutor: (any TaskExecutor)?
    /// The clock for delivery timeouts, retry backoff, the grace given a cancelled delivery, and
    /// the durations in the report.
    public var clock: any Clock<Duration>

    /// Creates a scheduling; the defaults are the global concurrent executor and `ContinuousClock`.
    public init(taskExecutor: (any TaskExecutor)? = nil, clock: any Clock<Duration> = ContinuousClock()) {
        self.taskExecutor = taskExecutor
        self.clock = clock
    }

    /// The global concurrent executor and `ContinuousClock`.
    public static var standard: RouterScheduling { RouterScheduling() }
}
