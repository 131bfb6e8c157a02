import ProcessRunning

/// `wl-copy` and `wl-paste` on Wayland: any type on the clipboard or the primary selection.
///
/// Copies with `wl-copy --type TYPE` reading the file on stdin (wl-copy reads it all, then
/// forks a child that serves it), lists types with `wl-paste --list-types` and reads back with
/// `wl-paste --no-newline --type TYPE`. Needs a running Wayland compositor.
package struct WlCopyClipboard: ClipboardBackend {
    /// Creates the backend.
    package init() {}

    package var kind: ClipboardBackendKind { .wlCopy }
    package var copyExecutable: String { "wl-copy" }
    package var pasteExecutable: String { "wl-paste" }
    package var carriesImages: Bool { true }
    package var textType: String { "text/plain;charset=utf-8" }

    package func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: copyExecutable,
            arguments: Self.selectionFlag(selection) + ["--type", type],
            standardInput: .file(path: path)
        )
    }

    package func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand? {
        ClipboardCommand(executable: pasteExecutable, arguments: Self.selectionFlag(selection) + ["--list-types"])
    }

    package func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: pasteExecutable,
            arguments: Self.selectionFlag(selection) + ["--no-newline", "--type", type]
        )
    }

    private static func selectionFlag(_ selection: ClipboardSelection) -> [String] {
        selection == .primary ? ["--primary"] : []
    }
}
