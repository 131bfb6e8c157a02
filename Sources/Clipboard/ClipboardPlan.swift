import ShareCore

/// What a delivery will copy where, as decided by `prepare` and stored in the prepared share's
/// fields so `deliver` acts on exactly what the dry run showed.
///
/// The fields, in order:
/// - `backend`: `xclip`, `wl-copy` or `xsel`;
/// - `selection`: the selection the main item goes to (`clipboard` or `primary`);
/// - `verify`: `true` or `false`;
/// - one field per copy, named by the selection (`CLIPBOARD`, `PRIMARY`), whose value is the type
///   and the source: `image/png attachment` (the prepared share's one attachment) or
///   `UTF8_STRING text` (the prepared share's text).
struct ClipboardPlan: Sendable, Hashable {
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
    var selection: ClipboardSelection
    var verify: Bool
    var items: [Item]

    /// The plan as prepared-share fields.
    var fields: [PreparedShare.Field] {
        [
            .init("backend", backend.rawValue),
            .init("selection", selection.rawValue),
            .init("verify", verify ? "true" : "false"),
        ] + items.map { .init($0.selection.atomName, "\($0.type) \($0.source.rawValue)") }
    }

    /// Reads a plan back from a prepared share's fields; nil when they are not a clipboard plan.
    init?(fields: [PreparedShare.Field]) {
        var backend: ClipboardBackendKind?
        var selection: ClipboardSelection?
        var verify: Bool?
        var items: [Item] = []
        for field in fields {
            switch field.name {
            case "backend": backend = ClipboardBackendKind(rawValue: field.value)
            case "selection": selection = ClipboardSelection(parsing: field.value)
            case "verify": verify = ClipboardRequestOptions.parseBool(field.value)
            default:
                guard let target = ClipboardSelection.allCases.first(where: { $0.atomName == field.name }) else {
                    continue
                }
                let parts = field.value.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2, let source = Source(rawValue: parts[1]) else { return nil }
                items.append(Item(selection: target, type: parts[0], source: source))
            }
        }
        guard let backend, let selection, let verify, !items.isEmpty else { return nil }
        self.init(backend: backend, selection: selection, verify: verify, items: items)
    }

    init(backend: ClipboardBackendKind, selection: ClipboardSelection, verify: Bool, items: [Item]) {
        self.backend = backend
        self.selection = selection
        self.verify = verify
        self.items = items
    }
}
