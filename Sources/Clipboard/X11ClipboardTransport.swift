import ShareCore

/// A ``ClipboardTransport`` that talks X11 itself, through ``X11SelectionClient``: no tool, no
/// temporary file, one process.
///
/// One detached owner process (`sharevia-clip`, forked like xclip's child) serves every item of
/// a share, the image on one selection and the text on the other, and exits when other programs
/// have taken both. Text is offered as `UTF8_STRING`, `text/plain;charset=utf-8` and `TEXT`, and
/// also as `STRING` and `text/plain` when it is ASCII (`STRING` means Latin-1, so UTF-8 beyond
/// ASCII would be misread); an image under its MIME type. Read-backs run in this process.
struct X11ClipboardTransport: ClipboardTransport {
    var client: X11SelectionClient
    /// The display, for messages.
    var display: X11Display

    init(display: X11Display, timeout: Duration) {
        self.client = X11SelectionClient(display: display.name, timeout: timeout)
        self.display = display
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
        do {
            _ = try await client.own(items)
        } catch {
            throw shareError(
                error,
                doing: "taking \(entries.map(\.item.selection.atomName).joined(separator: " and "))"
            )
        }
    }

    func read(
        _ selection: ClipboardSelection,
        as type: String,
        maxBytes: Int
    ) async throws(ShareError) -> Result<[UInt8], ShareError> {
        do {
            return .success(try await client.read(selection, as: type, maxBytes: maxBytes + 1))
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
