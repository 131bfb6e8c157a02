import Testing

/// The worker proofs of issue 27 (a 10,000-share drain, kill -9, a rate limit, a restart, a shared cap), one at a
/// time: each runs several worker processes and a loopback server, and together they would starve each other and
/// the rest of the run on a 2-core machine.
@Suite(.serialized) enum PostgresWorkerProofs {}
