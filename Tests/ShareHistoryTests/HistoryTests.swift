import Testing

/// Every history suite, one test at a time: recording is synchronous SQLite with an fsync per
/// share, and tests that run it side by side would hold every thread of the test process's
/// concurrency pool, starving the timing-sensitive tests of other targets running meanwhile.
@Suite(.serialized) enum HistoryTests {}
