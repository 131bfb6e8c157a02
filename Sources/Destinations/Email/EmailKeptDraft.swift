import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The `.eml` an email destination prepared but did not deliver, kept by the file export when
/// the share falls back to it, so the recipients, subject and files are not lost.
///
/// The router passes what email prepared in ``ShareCore/ShareRequest/undelivered``. The file
/// export's `prepare` records it as two fields (`email-draft`, the file name, and
/// `email-draft-share`, what email prepared as JSON); its `deliver` streams the message into a
/// temporary file in the share folder and writes it beside the other files.
enum EmailKeptDraft {
    static let nameField = "email-draft"
    static let shareField = "email-draft-share"

    /// What email prepared, as the file export carries it.
    private struct Payload: Codable {
        var fields: [PreparedShare.Field]
        var text: String?
        var attachments: [ShareAttachment]
    }

    /// The fields and notes that make the file export keep each email draft in `undelivered`.
    static func fields(for undelivered: [PreparedShare]) -> (fields: [PreparedShare.Field], notes: [String]) {
        var fields: [PreparedShare.Field] = []
        var notes: [String] = []
        for prepared in undelivered where prepared.destination == .email {
            guard let composition = try? EmailComposition(prepared: prepared),
                let json = try? JSONEncoder().encode(
                    Payload(fields: prepared.fields, text: prepared.text, attachments: prepared.attachments)
                )
            else { continue }
            let message = composition.message
            fields.append(.init(nameField, composition.draftName))
            fields.append(.init(shareField, String(decoding: json, as: UTF8.self)))
            let recipients = (message.to + message.cc).map(\.addrSpec).joined(separator: ", ")
            notes.append(
                "keeps the message email did not deliver as \(composition.draftName)\(recipients.isEmpty ? "" : " (to \(recipients))"), subject \"\(message.subject)\": open it in a mail client to send it"
            )
        }
        return (fields, notes)
    }

    /// One kept draft, streamed into a temporary file of the folder.
    struct Staged {
        var file: ExportPlan.File
        var temporary: String
    }

    /// Streams each draft the file export's `prepared` keeps into a temporary file in `folder`.
    /// A draft that can't be written (an attachment over the limit, unreadable) is left out and
    /// named in `problems`: the rest of the share is written all the same.
    static func stage(_ prepared: PreparedShare, in folder: String) async -> (staged: [Staged], problems: [String]) {
        let names = prepared.fields.filter { $0.name == nameField }.map(\.value)
        let shares = prepared.fields.filter { $0.name == shareField }.map(\.value)
        var staged: [Staged] = []
        var problems: [String] = []
        for (name, json) in zip(names, shares) {
            do throws(ShareError) {
                guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(json.utf8)) else {
                    throw ShareError(.badInput, destination: .email, message: "the kept email draft can't be read")
                }
                let email = PreparedShare(
                    destination: .email,
                    summary: "",
                    text: payload.text,
                    attachments: payload.attachments,
                    fields: payload.fields
                )
                let composition = try EmailComposition(prepared: email)
                let limit =
                    email[field: "attachment-limit"].flatMap { Int($0.split(separator: " ").first ?? "") }
                    ?? EmailDestination.Configuration.defaultAttachmentLimit
                let layout = try composition.layout(stamp: MessageStamp.now())
                let temporary = try await EmailDraft(layout: layout, limit: limit, name: name).stage(in: folder)
                let safe = (try? SafeFileName.check(name)) != nil ? name : "message.eml"
                staged.append(
                    Staged(file: ExportPlan.File(name: safe, bytes: .copy(path: temporary)), temporary: temporary)
                )
            } catch {
                problems.append("\(name) not kept: \(error.message)")
            }
        }
        return (staged, problems)
    }

    /// Removes the temporary files of `staged`.
    static func remove(_ staged: [Staged]) {
        for entry in staged { unlink(entry.temporary) }
    }
}
