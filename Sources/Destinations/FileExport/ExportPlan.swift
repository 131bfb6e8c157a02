import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files one share becomes, and how they travel inside a ``PreparedShare``.
///
/// `prepare` records the plan as fields, so `--dry-run` shows it and `deliver` needs nothing else:
/// `attachment` (one per attachment, in order), `text-file`, `manifest-file` and `manifest`
/// (the JSON itself).
struct ExportPlan {
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

    var files: [File]
    /// The prepared-share fields that each name one file to write.
    static let fileFieldNames: Set<String> = ["attachment", "text-file", "manifest-file"]
    /// The manifest's name and JSON, written last with the final names of the other files.
    var manifest: (name: String, json: String)?

    /// The fields describing the export of `content`; refuses unsafe names before anything is written.
    static func fields(
        for content: ShareContent,
        configuration: FileExportDestination.Configuration,
        now: Date
    ) throws(ShareError) -> [PreparedShare.Field] {
        var fields: [PreparedShare.Field] = []
        var names: [String] = []
        for attachment in content.attachments {
            try SafeFileName.check(attachment.fileName)
            fields.append(.init("attachment", attachment.fileName))
            names.append(attachment.fileName)
        }
        let stem = stem(for: content)
        if configuration.writesText && !content.plainText.isEmpty {
            fields.append(.init("text-file", "\(stem).txt"))
            names.append("\(stem).txt")
        }
        if configuration.writesManifest {
            let manifest = ShareManifest(content: content, files: names, createdAt: now)
            fields.append(.init("manifest-file", "\(stem).share.json"))
            fields.append(.init("manifest", manifest.encodedString()))
        }
        return fields
    }

    /// The files to write for a prepared share.
    init(prepared: PreparedShare) throws(ShareError) {
        var files: [File] = []
        let attachmentNames = prepared.fields.filter { $0.name == "attachment" }.map(\.value)
        guard attachmentNames.count == prepared.attachments.count else {
            throw ShareError(
                .badInput,
                destination: .file,
                message:
                    "the prepared share lists \(attachmentNames.count) attachment name(s) for \(prepared.attachments.count) attachment(s); prepare it again"
            )
        }
        for (name, attachment) in zip(attachmentNames, prepared.attachments) {
            try SafeFileName.check(name)
            switch attachment.source {
            case .bytes(let data): files.append(File(name: name, bytes: .data(data)))
            case .file: files.append(File(name: name, bytes: .attachment(attachment)))
            }
        }
        if let name = prepared[field: "text-file"] {
            try SafeFileName.check(name)
            files.append(File(name: name, bytes: .data(Data(((prepared.text ?? "") + "\n").utf8))))
        }
        if let name = prepared[field: "manifest-file"], let json = prepared[field: "manifest"] {
            try SafeFileName.check(name)
            manifest = (name, json)
        }
        self.files = files
    }

    /// The base name for the text and manifest: the first attachment's stem, else `share`.
    static func stem(for content: ShareContent) -> String {
        guard let first = content.attachments.first?.fileName else { return "share" }
        let stem = first.lastIndex(of: ".").map { String(first[..<$0]) } ?? first
        return stem.isEmpty ? "share" : stem
    }
}
