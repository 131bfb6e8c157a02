import CSpawn

/// The process groups of children started with
/// ``ProcessInvocation/killsProcessGroupOnExit`` that have not been reaped yet.
package enum LiveProcessGroups {
    /// Sends SIGKILL to each of them: for a process about to end at once (a second SIGINT), which
    /// would otherwise leave them running.
    package static func killAll() {
        csv_kill_live_groups()
    }
}
