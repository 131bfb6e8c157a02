import ShareCore
import Synchronization

/// A ``ClipboardTransport`` that talks X11 itself, through ``X11SelectionClient``: no tool, no
/// temporary file, one process.
///
/// One detached owner process (`sharevia-clip`, this program re-executed in a hidden owner mode)
/// serves every item of a share, the image on one selection and the text on the other, and exits
/// when other programs have taken both. Text is offered as `UTF8_STRING`, `text/plain;charset=utf-8` and `TEXT`, and
/// also as `STRING` and `text/plain` when it is ASCII (`STRING` means Latin-1, so UTF-8 beyond
/// ASCII would be misread); an image under its MIME type. Read-backs run in this process.
///
/// The owner is recorded in the ``attempt``, which kills it if the attempt fails (a failed
/// verification, a timeout, cancellation after the owner took the selections).
///
/// When the copy will be read back, ``copy(_:)`` opens the reading connection while the owner
/// starts, so the two handshakes overlap, and the reads share that connection.
struct X11ClipboardTransport: ClipboardTransport {
    var client: X11SelectionClient
    /// The display, for messages.
    var display: X11Display
    /// Whether ``copy(_:)`` should open the connection later reads use.
    var readsBack: Bool
    /// The attempt this transport copies for; it kills the owner when abandoned.
    var attempt: ClipboardAttempt
    private let reader = ReaderSlot()

    init(display: X11Display, timeout: Duration, readsBack: Bool, attempt: ClipboardAttempt) {
        self.client = X11SelectionClient(display: display.name, timeout: timeout)
        self.display = display
        self.readsBack = readsBack
        self.attempt = attempt
    }

    func copy(_ entries: [ClipboardEntry]) async throws(ShareError) {
        var items: [X11SelectionItem] = []
        for entry in entries {
            let bytes = try entry.payload.contents()
            items.append(
                X11SelectionItem(
                    selection: entry.item.selection,
                    targets: Self.targets(for: entry.item, bytes: bytes),
                    bytes: bytes
                )
            )
        }
        // A reader that fails to open is no failure of the copy: the read connects itself and
        // reports what is wrong then.
        let names = entries.flatMap { [$0.item.selection.atomName, $0.item.type] }
        async let opened: X11SelectionReader? = readsBack ? try? await client.openReader(prefetching: names) : nil
        guard attempt.mayStart() else {
            reader.put(await opened)
            throw ShareError(.cancelled, destination: .clipboard, message: "cancelled before taking the selections")
        }
        do {
            let owner = try await client.own(items)
            // Killed at once if the attempt was abandoned while the owner started.
            attempt.recordOwner(pid: owner.pid)
            for entry in entries { attempt.recordCopy(to: entry.item.selection) }
        } catch {
            throw shareError(
                error,
                doing: "taking \(entries.map(\.item.selection.atomName).joined(separator: " and "))"
            )
        }
        reader.put(await opened)
    }

    func read(
        _ selection: ClipboardSelection,
        as type: String,
        maxBytes: Int
    ) async throws(ShareError) -> Result<[UInt8], ShareError> {
        do {
            guard let open = reader.take() else {
                return .success(try await client.read(selection, as: type, maxBytes: maxBytes + 1))
            }
            // Back in the slot whatever happens: after a failure its next read connects again.
            defer { reader.put(open) }
            return .success(try await client.read(selection, as: type, maxBytes: maxBytes + 1, using: open))
        } catch {
            let failure = shareError(error, doing: "reading \(selection.atomName) back")
            switch error.kind {
            // The owner may not be in place yet, or another program took the selection: look again.
            case .noOwner, .refused, .tooLarge: return .failure(failure)
            default: throw failure
            }
        }
    }

    func offeredTypes(_ selection: ClipboardSelection) async -> [String]? {
        try? await client.targets(selection)
    }

    /// The targets an item is served as: its own type first.
    static func targets(for item: ClipboardPlan.Item, bytes: [UInt8]) -> [String] {
        guard item.source == .text else { return [item.type] }
        var targets = [item.type, "text/plain;charset=utf-8", "TEXT"]
        if bytes.allSatisfy({ $0 < 0x80 }) { targets += ["STRING", "text/plain"] }
        var seen = Set<String>()
        return targets.filter { seen.insert($0).inserted }
    }

    /// The error a failed X11 operation becomes.
    private func shareError(_ error: X11SelectionError, doing purpose: String) -> ShareError {
        let code: ShareError.Code
        let message: String
        switch error.kind {
        case .libraryMissing:
            code = .unavailable
            message = error.message
        case .cancelled:
            code = .cancelled
            message = "cancelled while \(purpose)"
        case .timedOut:
            code = .transient
            message = "timed out \(purpose); is the X server on \(display) responding?"
        default:
            code = .transient
            message = "\(error.message) (\(purpose) on \(display))"
        }
        return ShareError(code, destination: .clipboard, message: message, underlying: error)
    }
}

/// The open reader of one transport, taken by a read while it runs so reads never share it.
private final class ReaderSlot: Sendable {
    private let slot = Mutex<X11SelectionReader?>(nil)

    func put(_ reader: X11SelectionReader?) {
        slot.withLock { $0 = reader }
    }

    func take() -> X11SelectionReader? {
        slot.withLock { $0.take() }
    }
}
