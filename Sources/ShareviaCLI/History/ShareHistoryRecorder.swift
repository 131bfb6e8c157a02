import ShareCards
import ShareCore
import ShareHistory
import TextFitting

/// Records a share in the history database: ``start(routing:environment:dryRun:)`` before the
/// share opens the database on a helper thread, ``record(_:options:content:exitCode:)`` after
/// the report was printed writes the share (the two calls `ShareInvocation.run()` makes).
///
/// History is best effort: what goes wrong (a newer or damaged database, a folder that can't be
/// written) is a `warning: history: ...` line on standard error, after the report, and never
/// changes the share's exit code. The `--json` report is already written by then, so it doesn't
/// carry these lines.
struct ShareHistoryRecorder {
    private let store: HistoryStore
    private let settings: HistorySettings.Values
    private let problems: [String]
    private let opening: HelperThread?
    /// What the helper thread opened: written by it, read after it was joined.
    private let box: Box?

    private final class Box: @unchecked Sendable {
        var opened: HistoryConnection?
    }

    /// Starts opening the database on a helper thread while the share runs, unless history is
    /// off (`history.enabled: false`, `SHAREVIA_NO_HISTORY=1`), the share is a dry run, or there
    /// is no state folder. Returns nil when there is nothing to record and nothing to say.
    ///
    /// Loading libsqlite3, opening the file and reading its WAL take about 1.5 ms of CPU; done
    /// beside the share (the file export waits on its `fsync`s meanwhile), recording after the
    /// report costs the share's critical path the insert (about 0.2 ms) and building the row.
    static func start(routing: RouterSettings, environment: ShareEnvironment, dryRun: Bool) -> ShareHistoryRecorder? {
        guard !dryRun else { return nil }
        var problems: [SettingError] = []
        let settings = HistorySettings.values(
            reading: routing.reader(environment: environment),
            environment: environment,
            problems: &problems
        )
        let words = problems.map { "warning: history: \($0.description)" }
        guard settings.enabled else {
            return words.isEmpty ? nil : ShareHistoryRecorder(problems: words)
        }
        guard let path = HistoryLocation.path(environment: environment) else {
            return ShareHistoryRecorder(
                problems: words + [
                    "warning: history: this share was not recorded: neither XDG_STATE_HOME nor HOME is an absolute path"
                ]
            )
        }
        let store = HistoryStore(path: path, durability: .normal)
        let box = Box()
        let opening = HelperThread.start { box.opened = store.open() }
        return ShareHistoryRecorder(store: store, settings: settings, problems: words, opening: opening, box: box)
    }

    /// A recorder that only has `problems` to print.
    private init(problems: [String]) {
        self.init(
            store: HistoryStore(path: ""),
            settings: HistorySettings.Values(enabled: false),
            problems: problems,
            opening: nil,
            box: nil
        )
    }

    private init(
        store: HistoryStore,
        settings: HistorySettings.Values,
        problems: [String],
        opening: HelperThread?,
        box: Box?
    ) {
        self.store = store
        self.settings = settings
        self.problems = problems
        self.opening = opening
        self.box = box
    }

    /// Records `report` after it was printed, with the card's kind and theme when a card was
    /// drawn, and the text and images when `--keep-content` or `history.keep_content: true` asks
    /// for them; then prints what went wrong, if anything, as `warning: history: ...` lines.
    ///
    /// Recording uses ``HistoryDurability/normal``: no `fsync` per share; the last records before
    /// a power loss may be lost, the database is never damaged by it. (The outbox, in the same
    /// file, commits with `synchronous=FULL`.)
    func record(_ report: ShareReport, options: ShareOptions, content: any ShareableContent, exitCode: Int32) {
        for line in problems { StandardStreams.printError(line) }
        guard settings.enabled else { return }
        opening?.join()
        let recording = store.record(
            report: report,
            options: options,
            card: Self.card(of: content),
            keepContent: settings.keepsContent ? Self.kept(content) : nil,
            exitCode: exitCode,
            opened: box?.opened
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
