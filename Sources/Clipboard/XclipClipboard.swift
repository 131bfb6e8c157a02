/// `xclip` on X11: any type on CLIPBOARD or PRIMARY.
///
/// Copies with `xclip -selection clipboard -t image/png -i FILE` (xclip reads the whole file,
/// then forks a child that stays alive as the selection owner), lists types with
/// `-t TARGETS -o`, and reads back with `-t TYPE -o` (which does not fork).
package struct XclipClipboard: ClipboardBackend {
    /// Creates the backend.
    package init() {}

    package var kind: ClipboardBackendKind { .xclip }
    package var copyExecutable: String { "xclip" }
    package var pasteExecutable: String { "xclip" }
    package var carriesImages: Bool { true }
    package var textType: String { "UTF8_STRING" }

    package func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: copyExecutable,
            arguments: ["-selection", selection.rawValue, "-t", type, "-i", Self.safePath(path)]
        )
    }

    package func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand? {
        pasteCommand(selection: selection, type: "TARGETS")
    }

    package func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand {
        ClipboardCommand(executable: pasteExecutable, arguments: ["-selection", selection.rawValue, "-t", type, "-o"])
    }

    /// A path xclip can't mistake for an option: `-card.png` becomes `./-card.png`.
    static func safePath(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }
}
