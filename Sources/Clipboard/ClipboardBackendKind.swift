/// The program that talks to the display server's clipboard.
public enum ClipboardBackendKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `xclip` on X11: text and images.
    case xclip
    /// `wl-copy` / `wl-paste` on Wayland: text and images.
    case wlCopy = "wl-copy"
    /// `xsel` on X11: text only, the fallback when xclip is not installed.
    case xsel

    /// The backend that builds this kind's command lines.
    public var backend: any ClipboardBackend {
        switch self {
        case .xclip: XclipClipboard()
        case .wlCopy: WlCopyClipboard()
        case .xsel: XselClipboard()
        }
    }

    /// The Debian package that provides it.
    public var package: String {
        switch self {
        case .xclip: "xclip"
        case .wlCopy: "wl-clipboard"
        case .xsel: "xsel"
        }
    }

    /// The reason to report when its program is missing: `xclip not found (apt-get install xclip)`.
    public var notFoundReason: String {
        "\(backend.copyExecutable) not found (apt-get install \(package))"
    }

    public var description: String { rawValue }
}
