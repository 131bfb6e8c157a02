/// How the clipboard is reached: sharevia's own X11 client, or a command-line tool.
package enum ClipboardBackendKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// sharevia's own X11 client (libxcb, loaded at run time): text and images, no tool needed.
    /// A detached `sharevia-clip` process owns the selections, as xclip's child does.
    case x11
    /// `xclip` on X11: text and images.
    case xclip
    /// `wl-copy` / `wl-paste` on Wayland: text and images.
    case wlCopy = "wl-copy"
    /// `xsel` on X11: text only, the last resort when neither libxcb nor xclip is there.
    case xsel

    /// The command-line tool this kind runs, or nil for ``x11``, which runs none.
    package var tool: (any ClipboardBackend)? {
        switch self {
        case .x11: nil
        case .xclip: XclipClipboard()
        case .wlCopy: WlCopyClipboard()
        case .xsel: XselClipboard()
        }
    }

    /// Whether it can put an image (any MIME type) on the clipboard.
    package var carriesImages: Bool { tool?.carriesImages ?? true }

    /// The type text is offered as: `UTF8_STRING` on X11, `text/plain;charset=utf-8` on Wayland.
    package var textType: String { tool?.textType ?? "UTF8_STRING" }

    /// The Debian package that provides it.
    package var package: String {
        switch self {
        case .x11: "libxcb1"
        case .xclip: "xclip"
        case .wlCopy: "wl-clipboard"
        case .xsel: "xsel"
        }
    }

    /// The reason to report when one of its programs is missing:
    /// `xclip not found (apt-get install xclip)`, or with a path,
    /// `wl-paste not found at /usr/bin/wl-paste (apt-get install wl-clipboard)`.
    ///
    /// - Parameters:
    ///   - program: The missing program; the copying one by default (libxcb for ``x11``).
    ///   - path: Where it was expected, when it had been found there earlier.
    package func notFoundReason(_ program: String? = nil, at path: String? = nil) -> String {
        let place = path.map { " at \($0)" } ?? ""
        return "\(program ?? tool?.copyExecutable ?? "libxcb.so.1") not found\(place) (apt-get install \(package))"
    }

    package var description: String { rawValue }
}
