import ProcessRunning
import ShareCore

/// The Android devices `adb devices` lists as ready, and the `adb` commands that hand a story to
/// one of them.
struct InstagramDevices: Sendable {
    let adb: String
    let runner: any CommandRunning
    let timeout: Duration

    /// The serials of attached devices in the `device` state (not `offline` or `unauthorized`).
    static func readySerials(in listing: String) -> [String] {
        listing.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            return fields.count >= 2 && fields[1] == "device" ? String(fields[0]) : nil
        }
    }

    /// The ready devices, or nil when `adb` fails (no server, not installed).
    func ready() async -> [String]? {
        guard
            let output = try? await runner.run(
                ProcessInvocation(executable: adb, arguments: ["devices"], timeout: timeout)
            ),
            output.succeeded
        else { return nil }
        return Self.readySerials(in: String(decoding: output.standardOutput, as: UTF8.self))
    }

    /// Every `adb` command of the hand-off to `serial`, in order; the content URI's id comes from
    /// the third command's output, so the fourth is built after it runs.
    static func commands(serial: String, localImage: String, remoteImage: String) -> [[String]] {
        [
            ["-s", serial, "push", localImage, remoteImage],
            [
                "-s", serial, "shell", "am", "broadcast", "-a", "android.intent.action.MEDIA_SCANNER_SCAN_FILE", "-d",
                InstagramHandOff.deviceQuoted("file://" + remoteImage),
            ],
            [
                "-s", serial, "shell", "content", "query", "--uri", "content://media/external/images/media",
                "--projection", "_id", "--where",
                InstagramHandOff.deviceQuoted(
                    "_data='\(remoteImage)' OR _display_name='\(remoteImage.split(separator: "/").last ?? "")'"
                ),
            ],
        ]
    }

    /// The media id in `content query` output (`Row: 0 _id=42`), the last row's.
    static func mediaID(in output: String) -> String? {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let marker = line.firstRange(of: "_id=") else { return nil }
            let digits = line[marker.upperBound...].prefix { $0.isNumber }
            return digits.isEmpty ? nil : String(digits)
        }.last
    }

    /// Runs the hand-off on `serial` and returns the content URI Instagram was given.
    func handOff(_ handOff: InstagramHandOff, imagePath: String, serial: String) async throws(ShareError) -> String {
        let name = imagePath.split(separator: "/").last.map(String.init) ?? "story.png"
        let remote = "\(InstagramHandOff.deviceFolder)/\(name)"
        var queried = ""
        for arguments in Self.commands(serial: serial, localImage: imagePath, remoteImage: remote) {
            queried = try await run(arguments, serial: serial)
        }
        guard let id = Self.mediaID(in: queried) else {
            throw ShareError(
                .transient,
                destination: .instagram,
                message: "device \(serial) did not index \(remote) in its media store yet; try again"
            )
        }
        let uri = "content://media/external/images/media/\(id)"
        _ = try await run(["-s", serial, "shell"] + handOff.amStart(contentURI: uri), serial: serial)
        return uri
    }

    private func run(_ arguments: [String], serial: String) async throws(ShareError) -> String {
        let output: ProcessOutput
        do {
            output = try await runner.run(ProcessInvocation(executable: adb, arguments: arguments, timeout: timeout))
        } catch {
            throw ShareError(
                .unavailable,
                destination: .instagram,
                message: "can't run adb: \(error)",
                underlying: error
            )
        }
        if output.cancelled {
            throw ShareError(
                .cancelled,
                destination: .instagram,
                message: "cancelled while talking to device \(serial)"
            )
        }
        let text = String(decoding: output.standardOutput + output.standardError, as: UTF8.self)
        guard output.succeeded, !output.timedOut, !text.contains("Error:"), !text.contains("Exception") else {
            throw ShareError(
                output.timedOut ? .transient : .permanent,
                destination: .instagram,
                message:
                    "adb \(arguments.dropFirst(2).prefix(3).joined(separator: " ")) failed on \(serial): \(text.prefix(300))"
            )
        }
        return text
    }
}
