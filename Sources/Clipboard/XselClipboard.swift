import ProcessRunning

/// `xsel` on X11: text only, the fallback when xclip is not installed.
///
/// Copies with `xsel --clipboard --logfile /dev/null --input` reading the file on stdin (the
/// detached owner would otherwise log to `~/.cache/xsel.log` and fail where that can't be
/// written) and reads back with `xsel --clipboard --output`. xsel exits at once without `HOME`
/// (it only uses it for its log), so its commands ask for `HOME=/`, which the destination adds
/// when the environment has no `HOME`. xsel serves text as `UTF8_STRING` and can't serve
/// `image/png`, nor list a selection's types.
package struct XselClipboard: ClipboardBackend {
    /// Creates the backend.
    package init() {}

    package var kind: ClipboardBackendKind { .xsel }
    package var copyExecutable: String { "xsel" }
    package var pasteExecutable: String { "xsel" }
    package var carriesImages: Bool { false }
    package var textType: String { "UTF8_STRING" }

    /// Copies the file as text; `type` is ignored (xsel only serves text).
    package func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: copyExecutable,
            arguments: [Self.flag(selection), "--logfile", "/dev/null", "--input"],
            standardInput: .file(path: path),
            environment: Self.environment
        )
    }

    /// Nil: xsel can't list a selection's types.
    package func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand? { nil }

    /// Reads the selection as text; `type` is ignored.
    package func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand {
        ClipboardCommand(
            executable: pasteExecutable,
            arguments: [Self.flag(selection), "--output"],
            environment: Self.environment
        )
    }

    /// xsel exits at once without `HOME`; it only uses it for its log, which goes to /dev/null.
    private static let environment = ["HOME": "/"]

    private static func flag(_ selection: ClipboardSelection) -> String {
        selection == .primary ? "--primary" : "--clipboard"
    }
}
