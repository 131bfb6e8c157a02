/// Which X11 selection (or Wayland clipboard) to write.
///
/// `clipboard` is what Ctrl+V pastes; `primary` is what a middle click pastes.
package enum ClipboardSelection: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The CLIPBOARD selection (Ctrl+C / Ctrl+V).
    case clipboard
    /// The PRIMARY selection (select / middle click).
    case primary

    /// The selection's name as X11 spells it: `CLIPBOARD` or `PRIMARY`.
    package var atomName: String { rawValue.uppercased() }

    /// The other selection: where the text goes when the image takes this one.
    package var other: ClipboardSelection { self == .clipboard ? .primary : .clipboard }

    package var description: String { atomName }

    /// Parses `clipboard` or `primary` (any case), or the X11 names.
    package init?(parsing text: String) {
        self.init(rawValue: text.lowercased())
    }
}
