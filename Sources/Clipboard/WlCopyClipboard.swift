import ProcessRunning

/// `wl-copy` and `wl-paste` on Wayland: any type on the clipboard or the primary selection.
///
/// Copies with `wl-copy --type TYPE` reading the file on stdin (wl-copy reads it all, then
/// forks a child that serves it), lists types with `wl-paste --list-types` and reads back with
/// `wl-paste --no-newline --type TYPE`. Needs a running Wayland compositor.
public struct WlCopyClipboard: ClipboardBackend {
    /// Creates the backend.
    public init() {}

    public var kind: ClipboardBackendKind { .wlCopy }
    public var copyExecutable: String { "wl-copy" }
    public var pasteExecutable: String { "wl-paste" }
    public var carriesImages: Bool { true }
    public var textType: String { "text/plain;charset=utf-8" }

    public func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: copyExecutable,
            arguments: Self.selectionFlag(selection) + ["--type", type],
            standardInput: .file(path: path)
        )
    }

    public func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand? {
        ClipboardCommand(executable: pasteExecutable, arguments: Self.selectionFlag(selection) + ["--list-types"])
    }

    public func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: pasteExecutable,
            arguments: Self.selectionFlag(selection) + ["--no-newline", "--type", type]
        )
    }

    private static func selectionFlag(_ selection: ClipboardSelection) -> [String] {
        selection == .primary ? ["--primary"] : []
    }
}
