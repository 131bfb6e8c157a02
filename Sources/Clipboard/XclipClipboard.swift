/// `xclip` on X11: any type on CLIPBOARD or PRIMARY.
///
/// Copies with `xclip -selection clipboard -t image/png -i FILE` (xclip reads the whole file,
/// then forks a child that stays alive as the selection owner), lists types with
/// `-t TARGETS -o`, and reads back with `-t TYPE -o` (which does not fork).
public struct XclipClipboard: ClipboardBackend {
    /// Creates the backend.
    public init() {}

    public var kind: ClipboardBackendKind { .xclip }
    public var copyExecutable: String { "xclip" }
    public var pasteExecutable: String { "xclip" }
    public var carriesImages: Bool { true }
    public var textType: String { "UTF8_STRING" }

    public func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: copyExecutable,
            arguments: ["-selection", selection.rawValue, "-t", type, "-i", Self.safePath(path)]
        )
    }

    public func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand? {
        pasteCommand(selection: selection, type: "TARGETS")
    }

    public func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand {
        ClipboardCommand(executable: pasteExecutable, arguments: ["-selection", selection.rawValue, "-t", type, "-o"])
    }

    /// A path xclip can't mistake for an option: `-card.png` becomes `./-card.png`.
    static func safePath(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }
}
