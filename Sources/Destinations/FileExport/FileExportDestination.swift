import LocalFiles
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a share into a folder: each attachment byte-identical under its own name, the text as
/// a `.txt`, and a JSON manifest; after an email that did not deliver, also the `.eml` it
/// prepared (``ShareCore/ShareRequest/undelivered``), the same bytes it would have sent, with
/// its recipients, subject and Message-ID, named in the receipt. The last link of every default
/// chain, so a share is never lost.
///
/// Writes are atomic and never overwrite: each file is written to a temporary name in the same
/// folder, fsynced, then hard-linked to its final name, which fails rather than replace anything
/// that exists there (a planted symlink included), so `card.png` becomes `card-1.png`. If any file
/// fails, the ones already written for this share are removed. Names that would escape the folder
/// (`../`, `/`, NUL, control characters) are refused with `badInput` before anything is written.
///
/// The folder is ``Configuration/directory`` (the CLI's `--out`), else
/// `$XDG_DATA_HOME/sharevia/shares`, else `~/.local/share/sharevia/shares`.
public struct FileExportDestination: ShareDestination {
    /// Where and how to write.
    public struct Configuration: Sendable, Hashable {
        /// The folder to write into; nil means the default under `XDG_DATA_HOME` or `HOME`.
        public var directory: String?
        /// Whether to write the text as a `.txt` file next to the attachments.
        public var writesText: Bool
        /// Whether to write the JSON manifest.
        public var writesManifest: Bool
        /// The most bytes copied for one attachment (1 GiB by default), checked while copying: a
        /// file over it (or one that grows past it meanwhile) is refused with `contentRejected`
        /// and nothing of the share is left in the folder.
        public var maximumAttachmentBytes: Int

        /// Creates a configuration; by default it writes text and manifest into the default folder.
        public init(
            directory: String? = nil,
            writesText: Bool = true,
            writesManifest: Bool = true,
            maximumAttachmentBytes: Int = ShareAttachment.fileByteLimit
        ) {
            self.directory = directory
            self.writesText = writesText
            self.writesManifest = writesManifest
            self.maximumAttachmentBytes = maximumAttachmentBytes
        }
    }

    /// The file export's descriptor, the same for every instance: a registry can list it without
    /// building the destination.
    public static let standardDescriptor = DestinationDescriptor(
        id: .file,
        displayName: "File export",
        summary: "Writes the attachments, the text (.txt) and a JSON manifest into a folder.",
        capabilities: .all
    )

    public var descriptor: DestinationDescriptor { Self.standardDescriptor }

    /// The configuration.
    public var configuration: Configuration
    /// The environment the default folder is read from.
    public var environment: ShareEnvironment
    /// The time written into manifests.
    public var now: @Sendable () -> Date

    /// Creates the destination.
    public init(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.environment = environment
        self.now = now
    }

    /// Why there is no folder to write to.
    static let noFolder = "neither XDG_DATA_HOME nor HOME is set, and no Configuration.directory"

    /// The facts of ``noFolder``: a caller with a flag for the folder names it.
    static let noFolderDetail = ShareError.Detail(
        .missingSetting,
        setting: "directory",
        mentions: [
            SettingMention(
                ", and no Configuration.directory",
                advice: "; pass \(flag: ShareSettings.outputFolder) DIR to choose a folder"
            )
        ]
    )

    public func availability() async -> Availability {
        if let directory = configuration.directory { return .available("folder \(directory)") }
        guard let directory = Self.defaultDirectory(environment: environment) else {
            return .unavailable(Self.noFolder, detail: Self.noFolderDetail)
        }
        return .available("default folder \(directory)")
    }

    public func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        try requireSupported(request.content)
        guard let directory = configuration.directory ?? Self.defaultDirectory(environment: environment) else {
            throw ShareError(
                .unavailable,
                destination: id,
                message: Self.noFolder,
                detail: Self.noFolderDetail
            )
        }
        // With the .eml of each email that prepared the share but did not deliver it.
        let plan = try ExportPlan.make(
            for: request.content,
            into: directory,
            configuration: configuration,
            now: now(),
            undelivered: request.undelivered
        )
        let text = request.content.plainText
        return PreparedShare(
            destination: id,
            summary: "file: \(plan.fileCount) file(s) into \(directory)",
            text: text.isEmpty ? nil : text,
            attachments: request.content.attachments,
            plan: plan,
            notes: (plan.numberingNote().map { [$0] } ?? []) + plan.keptDrafts.map(\.note)
        )
    }

    public func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        let plan = try prepared.plan(as: ExportPlan.self, for: id)
        let directory = plan.directory
        let planned = try plan.files(for: prepared)
        if Task.isCancelled {
            throw ShareError(.cancelled, destination: id, message: "cancelled before writing to \(directory)")
        }
        let kept = await EmailKeptDraft.stage(plan.keptDrafts, in: directory)
        defer { EmailKeptDraft.remove(kept.staged) }
        let files = planned + kept.staged.map(\.file)
        let manifest = plan.manifest.map { manifest in
            (name: manifest.name, build: { @Sendable (names: [String]) in manifest.content.listing(names) })
        }
        let id = self.id
        let limit = InputLimit(
            bytes: configuration.maximumAttachmentBytes,
            rule: "the file export's limit for one attachment"
        )
        // On a thread of its own, so the router's timeout (and cancellation) can stop a long copy:
        // the writer checks the flag between chunks and removes what it wrote.
        let written = try await CancellableBlockingWork.run { isCancelled throws(ShareError) in
            var writer = AtomicFolderWriter(directory: directory, destination: id)
            writer.isCancelled = isCancelled
            writer.copyLimit = limit
            return try writer.write(files, manifest: manifest)
        }
        let names = written.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        // The drafts were written after the planned files, in order.
        let drafts = zip(kept.staged, written.dropFirst(planned.count)).map { $0.draft.written(at: $1) }
        var receipt = DeliveryReceipt(
            destination: id,
            summary: "wrote \(names.joined(separator: ", ")) to \(directory)"
                + drafts.map { "; \($0)" }.joined()
                + kept.problems.map { " (\($0))" }.joined(),
            locations: written
        )
        receipt.mentions = kept.mentions
        return receipt
    }

    /// The share folder when none is configured: `$XDG_DATA_HOME/sharevia/shares`, else
    /// `~/.local/share/sharevia/shares`; nil when neither variable is set. Destinations that
    /// write hand-off files (an `.eml`, an Instagram bundle) put them here too.
    public static func defaultDirectory(environment: ShareEnvironment) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return "\(data)/sharevia/shares" }
        if let home = environment["HOME"] { return "\(home)/.local/share/sharevia/shares" }
        return nil
    }
}
