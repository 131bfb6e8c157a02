import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files one share becomes, decided by `prepare` and carried as the prepared share's plan:
/// the folder, the name of each attachment, the text file, the manifest, and the `.eml` of each
/// email that did not deliver.
///
/// A dry run shows it as the fields `directory`, `attachment` (one per attachment, in order),
/// `text-file`, `manifest-file`, `manifest` (the JSON itself), then `email-draft` and
/// `email-draft-share` for each kept draft.
struct ExportPlan: SharePlan {
    /// One file to write: its requested name and where its bytes come from.
    struct File {
        enum Bytes {
            case data(Data)
            /// A file this process wrote itself (an email's temporary `.eml`).
            case copy(path: String)
            /// An attachment's bytes, through its reader: read once per share.
            case attachment(ShareAttachment)
        }
        var name: String
        var bytes: Bytes
    }

    /// The manifest: its name, and its content, whose `files` `deliver` replaces with the names
    /// really written.
    struct Manifest: Sendable, Hashable {
        var name: String
        var content: ShareManifest
    }

    /// The folder the files go into.
    var directory: String
    /// The name of each of the prepared share's attachments, in order.
    var attachmentNames: [String]
    /// The name of the text file (the prepared share's text), when the text is written.
    var textFile: String?
    /// The manifest, written last, when one is written.
    var manifest: Manifest?
    /// The drafts kept from emails that did not deliver.
    var keptDrafts: [EmailKeptDraft]

    /// The plan for exporting `content` into `directory`; refuses unsafe names before anything is
    /// written.
    static func make(
        for content: ShareContent,
        into directory: String,
        configuration: FileExportDestination.Configuration,
        now: Date,
        undelivered: [PreparedShare]
    ) throws(ShareError) -> ExportPlan {
        var names: [String] = []
        for attachment in content.attachments {
            try SafeFileName.check(attachment.fileName)
            names.append(attachment.fileName)
        }
        let stem = stem(for: content)
        let textFile = configuration.writesText && !content.plainText.isEmpty ? "\(stem).txt" : nil
        var manifest: Manifest?
        if configuration.writesManifest {
            let files = names + (textFile.map { [$0] } ?? [])
            manifest = Manifest(
                name: "\(stem).share.json",
                content: ShareManifest(content: content, files: files, createdAt: now)
            )
        }
        return ExportPlan(
            directory: directory,
            attachmentNames: names,
            textFile: textFile,
            manifest: manifest,
            keptDrafts: EmailKeptDraft.drafts(in: undelivered)
        )
    }

    /// The names of the files, in the order they are written: the attachments, the text file,
    /// the manifest.
    var names: [String] { attachmentNames + (textFile.map { [$0] } ?? []) + (manifest.map { [$0.name] } ?? []) }

    /// A note when some of ``names`` are already in the folder: the names the files will get
    /// instead (`card-2.png`), since nothing is ever overwritten; nil when none is taken.
    func numberingNote() -> String? {
        let number = AtomicFolderWriter.nextNumber(for: names, in: directory)
        guard number > 0, let first = names.first else { return nil }
        let numbered = names.map { AtomicFolderWriter.numbered($0, number) }.joined(separator: ", ")
        return "\(first) is already in \(directory), so the files get the next free number: \(numbered)"
    }

    /// How many files the share becomes.
    var fileCount: Int {
        attachmentNames.count + (textFile == nil ? 0 : 1) + (manifest == nil ? 0 : 1) + keptDrafts.count
    }

    var fields: [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = [.init("directory", directory)]
        fields += attachmentNames.map { .init("attachment", $0) }
        if let textFile { fields.append(.init("text-file", textFile)) }
        if let manifest {
            fields.append(.init("manifest-file", manifest.name))
            fields.append(.init("manifest", manifest.content.encodedString()))
        }
        return fields + keptDrafts.flatMap(\.fields)
    }

    /// The files to write for `prepared`, which carries this plan, before the manifest.
    ///
    /// - Throws: ``ShareError`` `badInput` when the prepared share's attachments don't match the
    ///   plan, or a name is unsafe.
    func files(for prepared: PreparedShare) throws(ShareError) -> [File] {
        guard attachmentNames.count == prepared.attachments.count else {
            throw ShareError(
                .badInput,
                destination: .file,
                message:
                    "the prepared share lists \(attachmentNames.count) attachment name(s) for \(prepared.attachments.count) attachment(s); prepare it again"
            )
        }
        var files: [File] = []
        for (name, attachment) in zip(attachmentNames, prepared.attachments) {
            try SafeFileName.check(name)
            switch attachment.source {
            case .bytes(let data): files.append(File(name: name, bytes: .data(data)))
            case .file: files.append(File(name: name, bytes: .attachment(attachment)))
            }
        }
        if let textFile {
            try SafeFileName.check(textFile)
            files.append(File(name: textFile, bytes: .data(Data(((prepared.text ?? "") + "\n").utf8))))
        }
        if let manifest { try SafeFileName.check(manifest.name) }
        return files
    }

    /// The base name for the text and manifest: the first attachment's stem, else `share`.
    static func stem(for content: ShareContent) -> String {
        guard let first = content.attachments.first?.fileName else { return "share" }
        let stem = first.lastIndex(of: ".").map { String(first[..<$0]) } ?? first
        return stem.isEmpty ? "share" : stem
    }
}
