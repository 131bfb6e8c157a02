import ShareHistory

/// The exit codes of `sharevia outbox run` and `retry`, documented in their `--help`.
enum OutboxExitCode {
    /// Every item tried went through (delivered or handed off), or nothing was due.
    static let allThrough: Int32 = 0
    /// Some item tried did not go through: it is queued again for a later try, failed for good, or
    /// expired.
    static let notThrough: Int32 = 4
    /// Some item's outcome is unknown: it may have arrived, and waits to be checked or for a
    /// person's word.
    static let unknown: Int32 = 5

    /// The code for the states the tries left the items in: ``unknown`` before ``notThrough``.
    static func code(for states: [OutboxState]) -> Int32 {
        if states.contains(.unknown) { return unknown }
        if states.contains(where: { $0 != .delivered && $0 != .handedOff }) { return notThrough }
        return allThrough
    }

    /// The text `--help` shows.
    static let helpText = """
        EXIT CODES (run, retry)
          0   every item tried was delivered or handed off, or nothing was due
          4   some item was not: it is queued again for a later try, failed or expired
              (the lines say which, and 'sharevia outbox' lists them)
          5   some item's outcome is unknown: it may have arrived; it is checked before
              any new try, and an email waits for 'sharevia outbox retry ID --resend'
          64  usage error: no such item, or an item that can't be retried
          130 interrupted by SIGINT (143: SIGTERM): the run stopped claiming items
          1   internal error (the outbox database can't be opened)
        """
}
