import Foundation
import ShareCore
import ShareCoreTesting
import ShareHistory
import Testing

extension HistoryTests {
    /// The stored request's codec: what is written reads back the same, and each cap and rule
    /// refuses with the field it concerns.
    struct OutboxRequestCodecTests {
        static let card = [SampleContent.cardAttachment]

        @Test func aRequestReadsBackAsItWasWritten() throws {
            var request = OutboxFixtures.request(flags: [
                "email-to": ["a@example.com", "b@example.com"], "email-subject": ["Owl ☃"],
            ])
            request.content.hashtags = ["#twice", "owl"]
            request.content.text = "line\nwith \"quotes\", \\ and \u{0}"

            let bytes = request.encoded()
            let again = try OutboxRequest(decoding: bytes, attachments: Self.card)

            #expect(again == request)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            #expect(json["version"] as? Int == 1)
            #expect(json["shareID"] as? String == request.options.id.description)
            #expect(json["attachments"] as? Int == 1)
        }

        @Test func aNewerVersionIsRefusedAndSaysSo() throws {
            var json = try Self.json(OutboxFixtures.request())
            json["version"] = 2
            let error = try Self.refusal(json)
            #expect(error.code == .unsupportedVersion && error.field == "version")
            #expect(error.message.contains("update sharevia"))
        }

        /// Each cap: the key, its value as JSON, and the field the refusal names.
        static func a(_ count: Int) -> String { "\"" + String(repeating: "a", count: count) + "\"" }
        static func list(_ element: String, _ count: Int) -> String {
            "[" + Array(repeating: element, count: count).joined(separator: ",") + "]"
        }
        static let caps: [(String, String, String)] = [
            ("text", a(OutboxLimits.textBytes + 1), "text"),
            ("title", a(OutboxLimits.titleBytes + 1), "title"),
            ("link", a(OutboxLimits.linkBytes + 1), "link"),
            ("kind", a(OutboxLimits.kindBytes + 1), "kind"),
            ("hashtags", list(a(1), OutboxLimits.hashtags + 1), "hashtags"),
            ("hashtags", "[\"a\"," + a(OutboxLimits.hashtagBytes + 1) + "]", "hashtags[1]"),
            ("configFile", a(OutboxLimits.configFileBytes + 1), "configFile"),
            (
                "flags", "{" + (0...OutboxLimits.flags).map { "\"f\($0)\":[\"v\"]" }.joined(separator: ",") + "}",
                "flags"
            ),
            ("flags", "{\"email-to\":" + list(a(1), OutboxLimits.flagValues + 1) + "}", "flags (values)"),
            ("flags", "{\"email-to\":[" + a(OutboxLimits.flagValueBytes + 1) + "]}", "flags.email-to[0]"),
            ("flags", "{" + a(OutboxLimits.flagNameBytes + 1) + ":[\"v\"]}", "flags (a name)"),
        ]

        @Test(arguments: 0..<caps.count)
        func eachCapRefusesNamingTheField(_ index: Int) throws {
            let (key, value, field) = Self.caps[index]
            var json = try Self.json(OutboxFixtures.request())
            json[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            let error = try Self.refusal(json)
            #expect(error.code == .overLimit)
            #expect(error.field == field)
            #expect(error.message.contains("over the"))
        }

        @Test func theWholeRequestIsCappedBeforeItIsParsed() throws {
            let bytes = [UInt8](repeating: 0x20, count: OutboxLimits.requestBytes + 1)
            #expect(
                throws: OutboxRequestError(
                    .overLimit,
                    field: nil,
                    "\(bytes.count) bytes, over the \(OutboxLimits.requestBytes) bytes a stored request may have"
                )
            ) {
                try OutboxRequest(decoding: bytes, attachments: [])
            }
        }

        @Test func attachmentCapsNameTheAttachment() throws {
            var long = SampleContent.cardAttachment
            long.altText = String(repeating: "a", count: OutboxLimits.altTextBytes + 1)
            let request = OutboxFixtures.request(attachments: [SampleContent.cardAttachment, long])
            #expect(throws: OutboxRequestError.self) { try request.validate() }
            do {
                try request.validate()
            } catch {
                #expect(error.field == "attachments[1].altText")
            }
            for (field, change) in [
                (
                    "fileName",
                    { (attachment: inout ShareAttachment) in attachment.fileName = String(repeating: "n", count: 256) }
                ),
                (
                    "mediaType",
                    { (attachment: inout ShareAttachment) in
                        attachment.mimeType = "image/" + String(repeating: "p", count: 250)
                    }
                ),
            ] {
                var attachment = SampleContent.cardAttachment
                change(&attachment)
                do {
                    try OutboxFixtures.request(attachments: [attachment]).validate()
                    Issue.record("an attachment's \(field) over its cap was accepted")
                } catch {
                    #expect(error.field == "attachments[0].\(field)" && error.code == .overLimit)
                }
            }
            let many = OutboxFixtures.request(
                attachments: Array(repeating: SampleContent.cardAttachment, count: OutboxLimits.attachments + 1)
            )
            do {
                try many.validate()
                Issue.record("\(OutboxLimits.attachments + 1) attachments were accepted")
            } catch {
                #expect(error.field == "attachments" && error.code == .overLimit)
            }
        }

        static let wrongTypes: [(String, String, String)] = [
            ("version", "\"one\"", "version"),
            ("shareID", "7", "shareID"),
            ("hashtags", "[1]", "hashtags.[0]"),
            ("flags", "{\"email-to\":\"a@example.com\"}", "flags.email-to"),
        ]

        @Test(arguments: 0..<wrongTypes.count)
        func aFieldOfTheWrongTypeIsNamed(_ index: Int) throws {
            let (key, value, field) = Self.wrongTypes[index]
            var json = try Self.json(OutboxFixtures.request())
            json[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            let error = try Self.refusal(json)
            #expect(error.code == .malformed)
            #expect(error.field == field)
        }

        @Test func aMissingFieldOrAnInvalidValueIsNamed() throws {
            var missing = try Self.json(OutboxFixtures.request())
            missing["text"] = nil
            #expect(try Self.refusal(missing).field == "text")

            var badID = try Self.json(OutboxFixtures.request())
            badID["shareID"] = "1795693512123456-9F2C4E1A0B7D3C55"
            #expect(try Self.refusal(badID).code == .invalidValue)

            var badFlag = try Self.json(OutboxFixtures.request())
            badFlag["flags"] = ["--email-to": ["a"]]
            #expect(try Self.refusal(badFlag).field == "flags")

            #expect(throws: OutboxRequestError.self) {
                try OutboxRequest(decoding: OutboxFixtures.request().encoded(), attachments: [])
            }
            #expect(throws: OutboxRequestError.self) { try OutboxRequest(decoding: Array("[1]".utf8), attachments: []) }
            #expect(throws: OutboxRequestError.self) { try OutboxRequest(decoding: [], attachments: []) }
        }

        @Test func aStoredFlagWithCredentialsIsRefusedRedacted() throws {
            var json = try Self.json(OutboxFixtures.request())
            json["flags"] = ["email-server": ["smtp://bob:hunter2@mail.example.com"]]
            let error = try Self.refusal(json)
            #expect(error.code == .credentials && error.field == "flags.email-server[0]")
            #expect(!error.description.contains("hunter2"))
        }

        static func json(_ request: OutboxRequest) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(request.encoded())) as? [String: Any])
        }

        static func refusal(_ json: [String: Any]) throws -> OutboxRequestError {
            let bytes = Array(try JSONSerialization.data(withJSONObject: json))
            do {
                _ = try OutboxRequest(decoding: bytes, attachments: card)
            } catch {
                return error
            }
            Issue.record("the request was read: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
            return OutboxRequestError(.malformed, field: "none", "")
        }
    }
}
