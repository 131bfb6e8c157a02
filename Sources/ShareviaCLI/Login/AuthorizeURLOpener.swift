import LocalFiles
import ProcessRunning
import ShareCore

/// Opens a sign-in's authorize URL in the browser with `xdg-open`, when there is a desktop
/// session (`DISPLAY` or `WAYLAND_DISPLAY`) and `xdg-open` is on `PATH`. The URL is printed
/// either way, so a failure here only costs a copy and paste.
enum AuthorizeURLOpener {
    /// How long `xdg-open` may take: 10 s.
    static let timeout: Duration = .seconds(10)

    /// Opens `url`; returns what happened, for a `note:` line (nil when it opened).
    static func open(_ url: String, environment: ShareEnvironment) async -> String? {
        let desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        guard desktop else {
            return "no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set): open it yourself"
        }
        guard let opener = environment.executable(named: "xdg-open") else {
            return "xdg-open is not on PATH (install xdg-utils): open it yourself"
        }
        do {
            let output = try await ProcessRunner().run(opener, arguments: [url], timeout: timeout)
            return output.succeeded ? nil : "xdg-open could not open it (\(output.errorText)): open it yourself"
        } catch {
            return "xdg-open could not be run: open it yourself"
        }
    }
}
