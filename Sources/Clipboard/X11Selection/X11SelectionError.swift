/// What went wrong talking X11, with a stable kind and a one-line message that names the display.
struct X11SelectionError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; stable, for decisions and tests.
    enum Kind: Sendable, Hashable {
        /// libxcb.so.1 can't be loaded (the message names the package).
        case libraryMissing
        /// No X server answers on the display, or it refused the connection.
        case connectFailed
        /// The X server did not answer within the client's timeout.
        case timedOut
        /// The task was cancelled.
        case cancelled
        /// Nobody owns the selection.
        case noOwner
        /// The owner refused the requested target.
        case refused
        /// The connection broke mid-way (the server went away).
        case connectionLost
        /// The selection holds more than the caller accepts.
        case tooLarge
        /// A system call failed, memory ran out, or the arguments were invalid.
        case system
    }

    /// What kind of failure this is.
    var kind: Kind
    /// One line saying what happened, naming the display.
    var message: String
    /// The owner process a failed ``X11SelectionClient/own(_:)`` started (and killed), for
    /// diagnostics and tests; nil when none was started.
    var ownerPID: Int32? = nil

    var description: String { message }
}
