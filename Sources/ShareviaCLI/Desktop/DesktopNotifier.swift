import LocalFiles
import ProcessRunning
import ShareCore

/// Shows a ``ShareNotification`` through the desktop's notification service
/// (org.freedesktop.Notifications) with `notify-send` (Debian's libnotify-bin), found on `PATH`.
///
/// The notification is sent and confirmed within ``timeout``: `notify-send` exits 0 once the
/// service has taken it, and fails at once when no service owns the name. When it has an "Open"
/// action, a small waiter is left behind: `/bin/sh` with a fixed script, given every text as an
/// argument, runs `notify-send --replace-id ID` with the actions `default` (a click on the
/// notification) and `open` (an "Open" button) — the same notification, now with the button —
/// under `timeout` for at most ``actionWait``, and runs `xdg-open` on the target when either is
/// invoked. Only `notify-send` can receive the click, which the service sends
/// to the connection that showed the notification; the waiter ends when the notification closes.
struct DesktopNotifier: Sendable {
    /// How long `notify-send` may take to have the notification shown: 10 s.
    static let timeout: Duration = .seconds(10)
    /// How long the waiter of an "Open" action waits for the click, in seconds: 10 minutes.
    static let actionWait = 600

    /// The script of the "Open" waiter. `$1` notify-send, `$2` xdg-open, `$3` timeout, `$4` the
    /// seconds to wait, `$5` what to open, `$6` the notification's id; the rest are notify-send's
    /// arguments. The waiting part runs in the background with no descriptor of ours, so the
    /// shell exits at once; it is in a process group of its own (the runner's), which a
    /// terminal's hangup does not reach.
    static let waiterScript = """
        send=$1 open=$2 limit=$3 seconds=$4 target=$5 id=$6
        shift 6
        (
          action=$("$limit" "$seconds" "$send" --replace-id="$id" --action=default=Open --action=open=Open "$@" 2>/dev/null) || exit 0
          case $action in default | open) exec "$open" "$target" ;; esac
        ) </dev/null >/dev/null 2>&1 &
        """

    let environment: ShareEnvironment
    var runner: any CommandRunning = ProcessRunner()

    /// Shows `notification`; returns nil once the service has taken it, else why it was not
    /// shown, for a `note:` line on stderr.
    func show(_ notification: ShareNotification) async -> String? {
        guard let send = environment.executable(named: "notify-send") else {
            return "notify-send is not on PATH (install libnotify-bin)"
        }
        let arguments = Self.arguments(for: notification)
        var invocation = ProcessInvocation(
            executable: send,
            arguments: ["--print-id"] + arguments,
            timeout: Self.timeout,
            maxOutput: 4096
        )
        invocation.killsProcessGroupOnExit = true
        let output: ProcessOutput
        do {
            output = try await runner.run(invocation)
        } catch {
            return "notify-send could not be run: \(error)"
        }
        guard output.succeeded else {
            let why = output.timedOut ? "it did not answer within 10 s" : Self.firstLine(output.errorText)
            return "no notification service answered (notify-send: \(why.isEmpty ? "failed" : why))"
        }
        let id = Self.firstLine(String(decoding: output.standardOutput, as: UTF8.self))
        if let target = notification.openTarget, UInt32(id) != nil {
            return await leaveOpenWaiter(send: send, target: target, id: id, arguments: arguments)
        }
        return nil
    }

    /// Starts the waiter of the "Open" action; nil when started, else why not (the notification
    /// is shown without the button).
    private func leaveOpenWaiter(send: String, target: String, id: String, arguments: [String]) async -> String? {
        guard let open = environment.executable(named: "xdg-open"),
            let limit = environment.executable(named: "timeout")
        else {
            return "the notification has no Open button: xdg-open or timeout is not on PATH (install xdg-utils)"
        }
        let invocation = ProcessInvocation(
            executable: "/bin/sh",
            arguments: [
                "-c", Self.waiterScript, "sharevia-notify", send, open, limit, String(Self.actionWait), target, id,
            ]
                + arguments,
            timeout: Self.timeout,
            maxOutput: 4096
        )
        do {
            let output = try await runner.run(invocation)
            return output.succeeded ? nil : "the notification's Open button could not be set up"
        } catch {
            return "the notification's Open button could not be set up: \(error)"
        }
    }

    /// `notify-send`'s arguments for `notification`, after any option of the call: the app name,
    /// the urgency, then the summary and the body (escaped for the body markup) after `--`.
    static func arguments(for notification: ShareNotification) -> [String] {
        [
            "--app-name=sharevia", "--urgency=\(notification.urgency.rawValue)", "--",
            notification.summary, escapedMarkup(notification.body),
        ]
    }

    /// `text` with `&`, `<` and `>` written as entities: the body may hold markup, and a file
    /// name with `<b>` must be shown as written.
    static func escapedMarkup(_ text: String) -> String {
        DesktopMarkup.escaped(text)
    }

    private static func firstLine(_ text: String) -> String {
        String((text.split(whereSeparator: \.isNewline).first ?? "").trimmingWhitespace())
    }
}
