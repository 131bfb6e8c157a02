import ShareCore

/// What a delivery will copy where, as decided by `prepare` and carried as the prepared share's
/// plan, so `deliver` acts on exactly what the dry run showed.
///
/// A dry run shows it as these fields, in order:
/// - `backend`: `x11`, `xclip`, `wl-copy` or `xsel`;
/// - `verify`: `true` or `false`;
/// - one field per copy, named by the selection (`CLIPBOARD`, `PRIMARY`), whose value is the type
///   and the source: `image/png attachment` (the prepared share's one attachment) or
///   `UTF8_STRING text` (the prepared share's text).
struct ClipboardPlan: SharePlan {
    /// Where one copy's bytes come from.
    enum Source: String, Sendable, Hashable {
        case text, attachment
    }

    /// One copy: these bytes, as this type, to this selection.
    struct Item: Sendable, Hashable {
        var selection: ClipboardSelection
        var type: String
        var source: Source
    }

    var backend: ClipboardBackendKind
    var verify: Bool
    var items: [Item]

    /// The plan as a dry run shows it.
    var fields: [PreparedShare.Field] {
        [
            .init("backend", backend.rawValue),
            .init("verify", verify ? "true" : "false"),
        ] + items.map { .init($0.selection.atomName, "\($0.type) \($0.source.rawValue)") }
    }

    init(backend: ClipboardBackendKind, verify: Bool, items: [Item]) {
        self.backend = backend
        self.verify = verify
        self.items = items
    }

    /// The plan for a display server without a primary selection, and what it changed: an image
    /// goes to CLIPBOARD and the text is left out; text alone goes to CLIPBOARD instead.
    /// Nil when the plan does not use PRIMARY.
    func withoutPrimarySelection(server: ClipboardBackendResolution.Server) -> (plan: ClipboardPlan, note: String)? {
        guard items.contains(where: { $0.selection == .primary }) else { return nil }
        let missing = "the compositor on \(server) offers no primary selection"
        if let image = items.first(where: { $0.source == .attachment }) {
            let kept = Item(selection: .clipboard, type: image.type, source: .attachment)
            let leftOut = items.contains { $0.source == .text } ? "left the text out" : "copied the image to CLIPBOARD"
            return (ClipboardPlan(backend: backend, verify: verify, items: [kept]), "\(leftOut): \(missing)")
        }
        let text = items.map { Item(selection: .clipboard, type: $0.type, source: $0.source) }
        return (ClipboardPlan(backend: backend, verify: verify, items: text), "copied to CLIPBOARD: \(missing)")
    }

    /// What goes where, shared by the prepared share's summary and the receipt:
    /// `card.png (image/png) to CLIPBOARD, text (42 bytes) to PRIMARY, with xclip on :0`.
    func describe(imageName: String?, textBytes: Int, server: ClipboardBackendResolution.Server?) -> String {
        let parts = items.map { item in
            switch item.source {
            case .attachment: "\(imageName ?? "image") (\(item.type)) to \(item.selection.atomName)"
            case .text: "text (\(textBytes) bytes) to \(item.selection.atomName)"
            }
        }
        let place = server.map { " on \($0)" } ?? ""
        return "\(parts.joined(separator: ", ")), with \(backend)\(place)"
    }
}
