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
/// export's `prepare` keeps each email plan it finds there in its own plan; a dry run shows each
/// as two fields (`email-draft`, the file name, and `email-draft-share`, what email prepared as
/// JSON). Its `deliver` streams the message into a temporary file in the share folder and writes
/// it beside the other files.
struct EmailKeptDraft: Sendable, Hashable {
    /// The draft's file name: `card.eml` after the first file, else `message.eml`.
    var name: String
    /// What email planned.
    var email: EmailPlan
    /// The text email prepared.
    var text: String?
    /// The attachments email prepared.
    var attachments: [ShareAttachment]

    /// What email prepared, as a dry run shows it.
    private struct Payload: Encodable {
        var fields: [PreparedShare.Field]
        var text: String?
        var attachments: [ShareAttachment]
    }

    /// The drafts of the email shares in `undelivered`, in order.
    static func drafts(in undelivered: [PreparedShare]) -> [EmailKeptDraft] {
        undelivered.compactMap { prepared in
            guard let email = prepared.plan as? EmailPlan else { return nil }
            return EmailKeptDraft(
                name: email.composition.draftName,
                email: email,
                text: prepared.text,
                attachments: prepared.attachments
            )
        }
    }

    /// `keeps the message email did not deliver as card.eml (to a@example.org), subject "Hi": ...`.
    var note: String {
        let message = email.message
        let recipients = (message.to + message.cc).map(\.addrSpec).joined(separator: ", ")
        return
            "keeps the message email did not deliver as \(name)\(recipients.isEmpty ? "" : " (to \(recipients))"), subject \"\(message.subject)\": open it in a mail client to send it"
    }

    /// `wrote the email that could not be sent as PATH (to a@example.org), subject "Hi",
    /// Message-ID <...>`: the receipt's words for the draft written at `path`.
    func written(at path: String) -> String {
        let message = email.message
        let recipients = (message.to + message.cc).map(\.addrSpec).joined(separator: ", ")
        return
            "wrote the email that could not be sent as \(path)\(recipients.isEmpty ? "" : " (to \(recipients))"), subject \"\(message.subject)\", Message-ID \(email.messageID)"
    }

    /// `email-draft` and `email-draft-share`.
    var fields: [PreparedShare.Field] {
        let payload = Payload(fields: email.fields, text: text, attachments: attachments)
        let json = (try? JSONEncoder().encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [.init("email-draft", name), .init("email-draft-share", json)]
    }

    /// One kept draft, streamed into a temporary file of the folder.
    struct Staged {
        var draft: EmailKeptDraft
        var file: ExportPlan.File
        var temporary: String
    }

    /// Streams each draft into a temporary file in `folder`. A draft that can't be written (an
    /// attachment over the limit, unreadable) is left out and named in `problems`: the rest of
    /// the share is written all the same.
    /// The problems' mentions of settings come from their errors.
    static func stage(
        _ drafts: [EmailKeptDraft],
        in folder: String
    ) async -> (staged: [Staged], problems: [String], mentions: [SettingMention]) {
        var staged: [Staged] = []
        var problems: [String] = []
        var mentions: [SettingMention] = []
        for draft in drafts {
            let name = draft.name
            do throws(ShareError) {
                let layout = try draft.email.composition.layout(stamp: draft.email.stamp)
                let temporary = try await EmailDraft(layout: layout, limit: draft.email.attachmentLimit, name: name)
                    .stage(in: folder)
                let safe = (try? SafeFileName.check(name)) != nil ? name : "message.eml"
                staged.append(
                    Staged(
                        draft: draft,
                        file: ExportPlan.File(name: safe, bytes: .copy(path: temporary)),
                        temporary: temporary
                    )
                )
            } catch {
                problems.append("\(name) not kept: \(error.message)")
                mentions += error.detail?.mentions ?? []
            }
        }
        return (staged, problems, mentions)
    }

    /// Removes the temporary files of `staged`.
    static func remove(_ staged: [Staged]) {
        for entry in staged { unlink(entry.temporary) }
    }
}
