import ShareCore

/// One destination `--pick` offers: what `sharevia destinations` says of it.
struct PickerChoice: Equatable, Sendable {
    var id: DestinationID
    /// Its display name, `File export`.
    var name: String
    /// Why it can't be used here; nil when it is available.
    var unavailableReason: String?
    /// Whether it takes text, so the picker offers a text field after it.
    var takesText: Bool

    var isAvailable: Bool { unavailableReason == nil }

    /// `available`, or `unavailable: why` cut to `limit` characters, for a list row.
    func status(limit: Int = 90) -> String {
        guard let unavailableReason else { return "available" }
        return ShareNotification.shortened("unavailable: " + PickerText.oneLine(unavailableReason), to: limit)
    }

    /// Every destination of `router`'s registry, with its availability.
    static func all(in router: ShareRouter) async -> [PickerChoice] {
        await RegistryAvailability.check(router).map { destination, availability in
            let descriptor = destination.descriptor
            return PickerChoice(
                id: descriptor.id,
                name: descriptor.displayName,
                unavailableReason: availability.isAvailable ? nil : (availability.reason ?? "unavailable"),
                takesText: descriptor.capabilities.contains(.text)
            )
        }
    }

    /// The choice to preselect: the last one picked if it is offered and available, else the
    /// first available one.
    static func preselected(in choices: [PickerChoice], last: DestinationID?) -> DestinationID? {
        if let last, choices.contains(where: { $0.id == last && $0.isAvailable }) { return last }
        return choices.first(where: \.isAvailable)?.id
    }
}

/// Text shown in the picker's dialogs.
enum PickerText {
    /// `text` on one line: line breaks and other control characters become spaces.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
        )
    }

    /// `text` for a label that zenity or kdialog read as Pango or Qt markup (zenity also reads
    /// backslash escapes in it): `&`, `<`, `>` as entities and `\` doubled, so a file name shows
    /// as it is written.
    static func markupEscaped(_ text: String) -> String {
        DesktopMarkup.escaped(text, doublingBackslashes: true)
    }

    /// What is shared, for the dialog's question: `card.png`, `card.png and 2 more files`, or
    /// `this text`; names on one line and cut to 60 characters.
    static func subject(files: [String]) -> String {
        guard let first = files.first else { return "this share" }
        let name = ShareNotification.shortened(oneLine(String(first.split(separator: "/").last ?? "")), to: 60)
        switch files.count {
        case 1: return name
        case 2: return "\(name) and 1 more file"
        default: return "\(name) and \(files.count - 1) more files"
        }
    }
}
