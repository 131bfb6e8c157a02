import ShareCards
import ShareCore
import ShareHistory
import TextFitting

/// Records a share in the history database after its report was printed: the one call
/// `ShareInvocation.run()` makes for history.
///
/// History is best effort: what goes wrong (a newer or damaged database, a folder that can't be
/// written) is a `warning: history: ...` line on standard error, after the report, and never
/// changes the share's exit code. The `--json` report is already written by then, so it doesn't
/// carry these lines.
enum ShareHistoryRecorder {
    /// Records `report` unless history is off (`history.enabled: false`, `SHAREVIA_NO_HISTORY=1`),
    /// with the card's kind and theme when a card was drawn, and the text and images when
    /// `--keep-content` or `history.keep_content: true` asks for them.
    ///
    /// Recording uses ``HistoryDurability/normal``: no `fsync` per share, so it costs the share
    /// well under a millisecond; the last records before a power loss may be lost, the database
    /// is never damaged by it. (The outbox, in the same file, commits with `synchronous=FULL`.)
    static func record(
        _ report: ShareReport,
        options: ShareOptions,
        content: any ShareableContent,
        exitCode: Int32,
        routing: RouterSettings,
        environment: ShareEnvironment
    ) {
        var problems: [SettingError] = []
        let settings = HistorySettings.values(
            reading: routing.reader(environment: environment),
            environment: environment,
            problems: &problems
        )
        for problem in problems { StandardStreams.printError("warning: history: \(problem.description)") }
        guard settings.enabled else { return }
        guard let path = HistoryLocation.path(environment: environment) else {
            StandardStreams.printError(
                "warning: history: this share was not recorded: neither XDG_STATE_HOME nor HOME is an absolute path"
            )
            return
        }
        let store = HistoryStore(path: path, durability: .normal)
        let recording = store.record(
            report: report,
            options: options,
            card: card(of: content),
            keepContent: settings.keepsContent ? kept(content) : nil,
            exitCode: exitCode
        )
        for warning in recording.warnings { StandardStreams.printError("warning: \(warning.message)") }
    }

    /// The card's kind and theme, when the share drew one from a spec.
    static func card(of content: any ShareableContent) -> HistoryCard? {
        guard let card = content as? CardShareContent else { return nil }
        return HistoryCard(kind: card.spec.kind.rawValue, theme: card.spec.theme.name)
    }

    /// The text as shared (title, text, link and hashtags) and the attached images. An image
    /// that can't be read again is left out; one over history's cap is noted by the store.
    static func kept(_ content: any ShareableContent) -> HistoryContent {
        let text = PostParts(title: content.title, text: content.text, link: content.link, hashtags: content.hashtags)
            .composed
        var images: [HistoryContent.Image] = []
        for attachment in content.attachments where attachment.mimeType.hasPrefix("image/") {
            guard
                let data = try? attachment.data(
                    limit: HistoryLimits.imageBytes + 1,
                    rule: "history's limit for a kept image"
                )
            else { continue }
            images.append(
                HistoryContent.Image(mediaType: attachment.mimeType, altText: attachment.altText, bytes: [UInt8](data))
            )
        }
        return HistoryContent(text: text.isEmpty ? nil : text, images: images)
    }
}
