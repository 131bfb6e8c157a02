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

    /// The reason to report when one of its programs is missing:
    /// `xclip not found (apt-get install xclip)`, or with a path,
    /// `wl-paste not found at /usr/bin/wl-paste (apt-get install wl-clipboard)`.
    ///
    /// - Parameters:
    ///   - program: The missing program; the copying one by default.
    ///   - path: Where it was expected, when it had been found there earlier.
    public func notFoundReason(_ program: String? = nil, at path: String? = nil) -> String {
        let place = path.map { " at \($0)" } ?? ""
        return "\(program ?? backend.copyExecutable) not found\(place) (apt-get install \(package))"
    }

    public var description: String { rawValue }
}
