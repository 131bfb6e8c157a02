/// One selection the owner serves: these bytes under these targets.
///
/// `targets` lists the names the bytes are offered as, the preferred type first: `["image/png"]`,
/// or `["UTF8_STRING", "text/plain;charset=utf-8", "TEXT"]` for text. The owner answers `TEXT`
/// with the first target's type, and adds `TARGETS` and `TIMESTAMP` to what it lists.
struct X11SelectionItem: Sendable {
    /// The selection to own.
    var selection: ClipboardSelection
    /// The target (type) names it is offered as; at least one.
    var targets: [String]
    /// The content, served byte for byte.
    var bytes: [UInt8]
}

/// The detached process that owns the selections after a successful
/// ``X11SelectionClient/own(_:)``.
struct X11SelectionOwner: Sendable, Hashable {
    /// Its process id (`sharevia-clip` in `ps`). Forked from this process (a detached thread reaps
    /// it), it exits on its own once other programs have taken every selection it owns, or when
    /// the X server goes away; a ``ClipboardAttempt`` that is abandoned kills it.
    var pid: Int32
}
