/// Measures how long the router's steps take on the router's clock (``RouterScheduling/clock``),
/// so a test clock decides the durations in the report too.
struct Stopwatch: Sendable {
    private let elapsed: @Sendable () -> Duration

    /// A stopwatch started now on `clock`.
    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// The time since the stopwatch started.
    var now: Duration { elapsed() }
}
