import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows what each destination of a chain would receive.
enum DryRunPrinter {
    /// 0 when the first destination would deliver, 3 when only a fallback would, 4 when none would.
    static func exitCode(for previews: [ShareRouter.Preview]) -> Int32 {
        guard let index = previews.firstIndex(where: { $0.availability.isAvailable && (try? $0.prepared.get()) != nil })
        else {
            return ShareviaExitCode.notDelivered
        }
        return index == 0 ? ShareviaExitCode.delivered : ShareviaExitCode.deliveredByFallback
    }

    /// The dry run for people, worded for this command line (``ErrorAdvice``): the share's
    /// identity, then each destination's plan, with each attachment's alt text.
    static func text(_ previews: [ShareRouter.Preview], shareID: ShareID) -> String {
        var lines = ["dry run: nothing is delivered", "share id: \(shareID)"]
        for preview in previews.map(ErrorAdvice.preview) {
            lines.append("")
            let state = preview.availability.isAvailable ? "available" : "unavailable"
            lines.append("== \(preview.destination): \(state)\(preview.availability.reason.map { ", \($0)" } ?? "")")
            switch preview.prepared {
            case .failure(let error):
                lines.append("  would be skipped: \(error.message) [\(error.code.name)]")
            case .success(let prepared):
                lines.append("  \(prepared.summary)")
                for note in prepared.notes { lines.append("  note: \(note)") }
                for attachment in prepared.attachments {
                    lines.append("  attachment: \(attachment.fileName) (\(attachment.mimeType)\(sizeText(attachment)))")
                    if attachment.isImage {
                        lines.append("    alt: " + (attachment.altText.map(Self.oneLine) ?? "(none)"))
                    }
                }
                for field in prepared.fields {
                    let value = field.value.contains("\n") ? "\n" + indent(field.value, by: "    ") : " " + field.value
                    lines.append("  \(field.name):\(value)")
                }
                if let text = prepared.text {
                    lines.append("  text:")
                    lines.append(indent(text, by: "    | "))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Output: Encodable {
        struct Entry: Encodable {
            var destination: DestinationID
            var available: Bool
            var availability: String?
            var summary: String?
            var text: String?
            var attachments: [AttachmentInfo]?
            var fields: [PreparedShare.Field]?
            var notes: [String]?
            var error: String?
            var errorCode: String?
        }
        struct AttachmentInfo: Encodable {
            var fileName: String
            var mimeType: String
            var bytes: Int?
            /// The image's alt text; absent when it has none.
            var altText: String?
        }
        var dryRun = true
        /// The share's identity (``ShareID``), as the share itself would have it.
        var shareId: ShareID
        var exitCode: Int32
        var destinations: [Entry]
    }

    /// The dry run as JSON, worded for this command line (``ErrorAdvice``).
    static func json(_ previews: [ShareRouter.Preview], exitCode: Int32, shareID: ShareID) throws -> String {
        let entries = previews.map(ErrorAdvice.preview).map { preview -> Output.Entry in
            var entry = Output.Entry(
                destination: preview.destination,
                available: preview.availability.isAvailable,
                availability: preview.availability.reason
            )
            switch preview.prepared {
            case .success(let prepared):
                entry.summary = prepared.summary
                entry.text = prepared.text
                entry.attachments = prepared.attachments.map {
                    Output.AttachmentInfo(
                        fileName: $0.fileName,
                        mimeType: $0.mimeType,
                        bytes: $0.byteCount,
                        altText: $0.altText
                    )
                }
                entry.fields = prepared.fields
                entry.notes = prepared.notes
            case .failure(let error):
                entry.error = error.message
                entry.errorCode = error.code.name
            }
            return entry
        }
        return try JSONText.encode(Output(shareId: shareID, exitCode: exitCode, destinations: entries))
    }

    private static func sizeText(_ attachment: ShareAttachment) -> String {
        attachment.byteCount.map { ", \($0) bytes" } ?? ""
    }

    /// `text` on one line, its line breaks written `\n`, quoted.
    private static func oneLine(_ text: String) -> String {
        var line = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line + "\""
    }

    private static func indent(_ text: String, by prefix: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + String($0) }
        return lines.joined(separator: "\n")
    }
}
