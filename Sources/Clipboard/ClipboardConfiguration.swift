import ShareCore

extension ClipboardDestination {
    /// How the clipboard destination copies: which selection, which tool, whether to verify.
    ///
    /// Every field has a default.
    public struct Configuration: Sendable, Hashable {
        /// The selection the main item goes to (the image when there is one, else the text).
        /// When the share has an image and text, the text goes to the other selection.
        public var selection: ClipboardSelection
        /// Whether to read the selection back after copying and compare it byte for byte.
        /// A failed verification is a `transient` error, so the router retries, then moves on.
        public var verify: Bool
        /// How long one command (copy, list, read back) may take before it, and everything it
        /// forked, is killed and the delivery fails as `transient`. The CLI sets it from
        /// `--timeout`; by default ``defaultTimeout``.
        public var timeout: Duration

        /// The default ``timeout``: 5 s, so a frozen display server fails a try in 5 s.
        public static let defaultTimeout: Duration = .seconds(5)
        /// How to reach the clipboard.
        public var backend: BackendPreference

        /// Creates a configuration: CLIPBOARD, verified, 5 s per command, backend chosen automatically.
        public init(
            selection: ClipboardSelection = .clipboard,
            verify: Bool = true,
            timeout: Duration = defaultTimeout,
            backend: BackendPreference = .automatic
        ) {
            self.selection = selection
            self.verify = verify
            self.timeout = timeout
            self.backend = backend
        }
    }

    /// How to reach the clipboard.
    public enum BackendPreference: String, Sendable, Hashable, CaseIterable {
        /// `SHAREVIA_CLIPBOARD_BACKEND` when it names a backend (`x11`, `xclip`, `xsel`,
        /// `wl-copy`; `auto` or unset means pick), else picked from the environment and what is
        /// installed:
        /// 1. `WAYLAND_DISPLAY` set and `wl-copy` installed: wl-copy, unless `DISPLAY` is set
        ///    too and no compositor answers on the Wayland socket (a stale `WAYLAND_DISPLAY`).
        /// 2. `DISPLAY` set: the built-in X11 client when libxcb loads, else xclip when
        ///    installed, else xsel (text only) when installed.
        /// 3. Otherwise unavailable, naming what is missing.
        case automatic
        /// Always the built-in X11 client (needs `DISPLAY` and libxcb.so.1).
        case x11
        /// Always xclip (needs `DISPLAY`).
        case xclip
        /// Always wl-copy (needs `WAYLAND_DISPLAY`).
        case wlCopy = "wl-copy"
        /// Always xsel (needs `DISPLAY`; text only).
        case xsel

        /// The variable ``automatic`` reads first.
        public static let environmentVariable = "SHAREVIA_CLIPBOARD_BACKEND"

        /// Parses a backend name as the variable and the CLI take it: `auto` (or `automatic`),
        /// `x11`, `xclip`, `xsel`, `wl-copy`; any case, surrounding spaces ignored.
        public init?(parsing text: String) {
            let name = text.trimmingWhitespace().lowercased()
            self.init(rawValue: name == "auto" ? "automatic" : name)
        }

        /// The backend this names, or nil for ``automatic``.
        var kind: ClipboardBackendKind? { ClipboardBackendKind(rawValue: rawValue) }
    }
}
