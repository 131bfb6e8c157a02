import ShareCore

/// Checks that a selection holds exactly the bytes copied, through any ``ClipboardTransport``.
///
/// Only the read-back runs while all is well; the selection's types are listed only after a
/// mismatch, to say what went wrong. Some tools (xsel) fork *before* their child takes the
/// selection, so a check that sees the old owner is repeated (after 4, 8, 15, 15... ms) for up
/// to ``settleTime`` (and at least five times). xclip asks for the selection before it forks,
/// but the request may only leave its forked child's X connection a moment later, so it too can
/// need a second look. The built-in X11 client reports ownership only once the server confirms
/// it, so its first look normally settles it.
struct ClipboardVerifier {
    var transport: any ClipboardTransport
    /// The longest one read may take; also caps ``settleTime``.
    var timeout: Duration

    /// How long a new owner may take to appear before a mismatch counts.
    static let settleTime: Duration = .seconds(1)

    /// The facts of a failed verification: ``ClipboardDestination/Configuration/verify`` can skip the check.
    static let detail = ShareError.Detail(
        .verificationFailed,
        setting: "verify",
        mentions: [
            SettingMention(
                "(did another program take it?)",
                advice:
                    "(did another program take it?); retry, or pass \(flag: ClipboardDestination.Settings.noVerify) to skip the check"
            )
        ]
    )

    /// Returns when `selection` holds `expected` as `type`.
    ///
    /// - Throws: ``ShareError``: `transient` when it still differs after ``settleTime``,
    ///   `cancelled`, or whatever the transport throws.
    func verify(_ selection: ClipboardSelection, holds expected: [UInt8], as type: String) async throws(ShareError) {
        let clock = ContinuousClock()
        let deadline = clock.now + min(Self.settleTime, timeout)
        var checks = 0
        while true {
            let mismatch = try await check(selection, holds: expected, as: type)
            guard let mismatch else { return }
            checks += 1
            // At least a few looks even on a machine so loaded that the wait itself overran.
            guard clock.now < deadline || checks < 5 else {
                throw await explain(mismatch, selection: selection, type: type)
            }
            do {
                try await Task.sleep(for: .milliseconds(min(15, 2 << min(checks, 3))))
            } catch {
                throw ShareError(
                    .cancelled,
                    destination: .clipboard,
                    message: "cancelled while verifying \(selection.atomName)"
                )
            }
        }
    }

    /// One check: nil when the selection holds the bytes, the mismatch otherwise.
    private func check(
        _ selection: ClipboardSelection,
        holds expected: [UInt8],
        as type: String
    ) async throws(ShareError) -> ShareError? {
        let actual: [UInt8]
        switch try await transport.read(selection, as: type, maxBytes: expected.count) {
        case .success(let bytes): actual = bytes
        case .failure(let error): return error
        }
        guard actual == expected else {
            let size = actual.count > expected.count ? "more than \(expected.count)" : "\(actual.count)"
            return ShareError(
                .transient,
                destination: .clipboard,
                message:
                    "verification failed: \(selection.atomName) holds \(size) bytes that differ from the \(expected.count) copied as \(type) (did another program take it?)",
                detail: Self.detail
            )
        }
        return nil
    }

    /// The final mismatch, reworded when the selection's types show it no longer offers `type`.
    /// Keeps `mismatch` when the types can't be listed.
    private func explain(_ mismatch: ShareError, selection: ClipboardSelection, type: String) async -> ShareError {
        guard let offered = await transport.offeredTypes(selection), !offered.contains(type) else { return mismatch }
        return ShareError(
            .transient,
            destination: .clipboard,
            message:
                "verification failed: \(selection.atomName) offers \(offered.isEmpty ? "nothing" : offered.joined(separator: ", ")), not \(type), right after copying (did another program take it?)",
            detail: Self.detail
        )
    }
}
