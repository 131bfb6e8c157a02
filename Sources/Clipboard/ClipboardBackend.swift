import ProcessRunning

/// Builds the command lines that copy to and read back from a clipboard.
///
/// A backend is pure data about a tool's command line: it never runs anything, so the
/// argument building can be tested without a display. ``ClipboardDestination`` runs the
/// commands through its ``CommandRunning`` runner, starting the absolute paths it found for
/// ``copyExecutable`` and ``pasteExecutable`` on the environment's `PATH` when it resolved the
/// backend.
package protocol ClipboardBackend: Sendable {
    /// Which backend this is.
    var kind: ClipboardBackendKind { get }
    /// The program that copies, such as `xclip` or `wl-copy`.
    var copyExecutable: String { get }
    /// The program that reads back, such as `xclip` or `wl-paste`.
    var pasteExecutable: String { get }
    /// Whether it can put an image (any MIME type) on the clipboard.
    var carriesImages: Bool { get }
    /// The type text is offered as: `UTF8_STRING` on X11, `text/plain;charset=utf-8` on Wayland.
    var textType: String { get }

    /// The command that copies the file at `path` to `selection` as `type`.
    ///
    /// The tool must read the whole file before it forks its selection owner, so the caller can
    /// delete a temporary file as soon as the command returns.
    func copyCommand(selection: ClipboardSelection, type: String, path: String) -> ClipboardCommand

    /// The command that lists the types `selection` offers, one per line, or nil when the tool
    /// can't list them (xsel).
    func listTypesCommand(selection: ClipboardSelection) -> ClipboardCommand?

    /// The command that prints `selection`'s content as `type`, byte for byte.
    func pasteCommand(selection: ClipboardSelection, type: String) -> ClipboardCommand
}

/// One command line of a backend: which of its programs, the arguments, what goes on stdin, and
/// which variables the program needs.
package struct ClipboardCommand: Sendable, Hashable {
    /// The program's name (the backend's ``ClipboardBackend/copyExecutable`` or
    /// ``ClipboardBackend/pasteExecutable``), for messages. The destination runs the absolute
    /// path it resolved for that program; it never looks the name up again.
    package var executable: String
    /// The arguments, without the program name.
    package var arguments: [String]
    /// What the program reads on stdin.
    package var standardInput: ProcessInvocation.StandardInput
    /// Variables the program needs, each added to the environment it runs with only when the
    /// environment lacks it (xsel needs a `HOME`).
    package var environment: [String: String]

    /// Creates a command.
    package init(
        executable: String,
        arguments: [String],
        standardInput: ProcessInvocation.StandardInput = .none,
        environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.arguments = arguments
        self.standardInput = standardInput
        self.environment = environment
    }
}
