import ProcessRunning
import ShareCore

/// The phones KDE Connect (`kdeconnect-cli`, Debian's `kdeconnect`) can reach, and the command
/// that has one of them send an SMS.
struct KDEConnect: Sendable {
    /// A paired, reachable phone.
    struct Device: Sendable, Hashable {
        /// KDE Connect's device id (`--device`).
        var id: String
        /// The name the phone gave itself.
        var name: String
    }

    let executable: String
    let runner: any CommandRunning
    let timeout: Duration

    /// The arguments that list paired, reachable devices, one `ID NAME` line each.
    static let listArguments = ["--list-available", "--id-name-only"]

    /// The devices in `kdeconnect-cli --list-available --id-name-only` output: each line is the
    /// id, a space, and the name (which may hold spaces); blank lines are skipped.
    static func devices(inListing listing: String) -> [Device] {
        listing.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else { return nil }
            let parts = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let name = parts.count > 1 ? String(parts[1]).trimmingTrailingWhitespace() : ""
            return Device(id: String(parts[0]), name: name.isEmpty ? String(parts[0]) : name)
        }
    }

    /// The command line that has `device` send `text` to `number`, with `attachment` when given.
    static func sendArguments(device: String, text: String, number: PhoneNumber, attachment: String?) -> [String] {
        var arguments = ["--device", device, "--send-sms", text, "--destination", number.description]
        if let attachment { arguments += ["--attachment", attachment] }
        return arguments
    }

    /// The paired, reachable devices, or nil when `kdeconnect-cli` fails (no daemon, no D-Bus).
    func availableDevices() async -> [Device]? {
        guard
            let output = try? await runner.run(
                ProcessInvocation(executable: executable, arguments: Self.listArguments, timeout: timeout)
            ),
            output.succeeded, !output.timedOut
        else { return nil }
        return Self.devices(inListing: String(decoding: output.standardOutput, as: UTF8.self))
    }

    /// Whether this `kdeconnect-cli` has `--attachment` (KDE Connect 22.04 and later), from its `--help`.
    func supportsAttachments() async -> Bool {
        guard
            let output = try? await runner.run(
                ProcessInvocation(executable: executable, arguments: ["--help"], timeout: timeout)
            )
        else { return false }
        return String(decoding: output.standardOutput + output.standardError, as: UTF8.self).contains("--attachment")
    }

    /// Runs one send; throws when `kdeconnect-cli` fails, times out or can't be run.
    func send(_ arguments: [String], device: Device) async throws(ShareError) {
        let output: ProcessOutput
        do {
            output = try await runner.run(
                ProcessInvocation(executable: executable, arguments: arguments, timeout: timeout)
            )
        } catch {
            throw ShareError(
                .unavailable,
                destination: .sms,
                message: "can't run kdeconnect-cli: \(error)",
                underlying: error
            )
        }
        if output.cancelled {
            throw ShareError(.cancelled, destination: .sms, message: "cancelled while sending through \(device.name)")
        }
        guard output.succeeded, !output.timedOut else {
            let detail =
                output.errorText.isEmpty ? "exit status \(output.exitStatus.map(String.init) ?? "?")" : output.errorText
            throw ShareError(
                .transient,
                destination: .sms,
                message: "kdeconnect-cli could not send through \(device.name) (\(device.id)): \(detail.prefix(300))"
                    + (output.timedOut ? " (timed out)" : "")
            )
        }
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var copy = self
        while let last = copy.last, last.isWhitespace { copy.removeLast() }
        return copy
    }
}
