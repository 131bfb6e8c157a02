import Clipboard
import Foundation
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

/// What `prepare` plans: which bytes go to which selection, the configuration, refusals.
struct PreparationTests {
    let bin: TemporaryFolder

    init() throws { bin = TemporaryFolder("bin") }

    func destination(
        tools: [String] = ["xclip"],
        configuration: ClipboardDestination.Configuration = .init()
    ) throws -> ClipboardDestination {
        ClipboardDestination.withoutLibxcb(
            configuration: configuration,
            environment: try Fixtures.environment(bin: bin, tools: tools)
        )
    }

    @Test func imageGoesToClipboardAndTextToPrimary() throws {
        defer { bin.remove() }
        let content = ShareContent(
            title: "Streak",
            text: "7 days",
            link: "https://e.x/s",
            attachments: [Fixtures.image()]
        )
        let prepared = try destination().prepare(ShareRequest(content: content))
        #expect(prepared.fields.map(\.name) == ["backend", "verify", "CLIPBOARD", "PRIMARY"])
        #expect(prepared[field: "CLIPBOARD"] == "image/png attachment")
        #expect(prepared[field: "PRIMARY"] == "UTF8_STRING text")
        #expect(prepared[field: "verify"] == "true")
        #expect(prepared.text == "Streak\n7 days\nhttps://e.x/s")
        #expect(prepared.attachments.map(\.fileName) == ["card.png"])
        #expect(prepared.summary.contains("card.png (image/png) to CLIPBOARD"))
        #expect(prepared.summary.contains("to PRIMARY"))
    }

    @Test func thePrimarySelectionSwapsTheSelections() throws {
        defer { bin.remove() }
        let content = ShareContent(text: "hello", attachments: [Fixtures.image()])
        let request = ShareRequest(content: content)
        let prepared = try destination(configuration: .init(selection: .primary)).prepare(request)
        #expect(prepared[field: "PRIMARY"] == "image/png attachment")
        #expect(prepared[field: "CLIPBOARD"] == "UTF8_STRING text")
    }

    @Test func textAloneGoesToTheChosenSelectionOnly() throws {
        defer { bin.remove() }
        let request = ShareRequest(content: ShareContent(text: "only text"))
        let prepared = try destination(configuration: .init(selection: .primary)).prepare(request)
        #expect(prepared[field: "PRIMARY"] == "UTF8_STRING text")
        #expect(prepared[field: "CLIPBOARD"] == nil)
        #expect(prepared.attachments.isEmpty)
    }

    @Test func anImageAloneLeavesTheOtherSelectionAlone() throws {
        defer { bin.remove() }
        let prepared = try destination().prepare(ShareRequest(content: ShareContent(attachments: [Fixtures.image()])))
        #expect(prepared[field: "CLIPBOARD"] == "image/png attachment")
        #expect(prepared[field: "PRIMARY"] == nil)
        #expect(prepared.text == nil)
    }

    @Test(arguments: [(false, "false"), (true, "true")])
    func theVerifySettingIsRecorded(verify: Bool, recorded: String) throws {
        defer { bin.remove() }
        let request = ShareRequest(content: ShareContent(text: "x"))
        #expect(try destination(configuration: .init(verify: verify)).prepare(request)[field: "verify"] == recorded)
    }

    @Test func theConfigurationChoosesSelectionAndVerification() throws {
        defer { bin.remove() }
        let configured = try destination(configuration: .init(selection: .primary, verify: false))
        let prepared = try configured.prepare(ShareRequest(content: ShareContent(text: "x")))
        #expect(prepared[field: "PRIMARY"] == "UTF8_STRING text")
        #expect(prepared[field: "CLIPBOARD"] == nil)
        #expect(prepared[field: "verify"] == "false")
    }

    @Test func xselCopiesTheTextAndNotesTheMissingImage() throws {
        defer { bin.remove() }
        let content = ShareContent(text: "hello", attachments: [Fixtures.image()])
        let prepared = try destination(tools: ["xsel"]).prepare(ShareRequest(content: content))
        #expect(prepared[field: "backend"] == "xsel")
        #expect(prepared[field: "CLIPBOARD"] == "UTF8_STRING text")
        #expect(prepared[field: "PRIMARY"] == nil)
        #expect(prepared.attachments.isEmpty)
        #expect(prepared.notes == ["left out card.png: xsel can only copy text (apt-get install xclip to copy images)"])
    }

    @Test func xselRefusesAnImageAlone() throws {
        defer { bin.remove() }
        let request = ShareRequest(content: ShareContent(attachments: [Fixtures.image()]))
        let error = try #require(throws: ShareError.self) { try destination(tools: ["xsel"]).prepare(request) }
        #expect(error.code == .contentRejected)
        #expect(error.message.contains("apt-get install xclip"))
    }

    @Test func refusesWhatAClipboardCantHold() throws {
        defer { bin.remove() }
        let pdf = ShareAttachment.bytes(.init("%PDF-1.7".utf8), mimeType: "application/pdf", fileName: "a.pdf")
        let gif = ShareAttachment.bytes(.init("GIF89a".utf8), mimeType: "image/gif", fileName: "a.gif")
        let contents = [
            ShareContent(),
            ShareContent(attachments: [pdf]),
            ShareContent(attachments: [Fixtures.image(), Fixtures.image(name: "b.png")]),
            ShareContent(attachments: [gif]),
        ]
        for content in contents {
            let error = try #require(throws: ShareError.self) {
                try destination().prepare(ShareRequest(content: content))
            }
            #expect(error.code == .contentRejected, "\(error)")
        }
    }

    @Test func preparingTwiceGivesTheSameShare() throws {
        defer { bin.remove() }
        let request = ShareRequest(content: SampleContent.full)
        let destination = try destination(configuration: .init(selection: .primary))
        #expect(try destination.prepare(request) == destination.prepare(request))
    }

    @Test func theDescriptorIsTheClipboard() throws {
        defer { bin.remove() }
        let descriptor = try destination().descriptor
        #expect(descriptor.id == "clipboard")
        #expect(descriptor.capabilities == [.text, .link, .hashtags, .image])
        #expect(descriptor.imageConstraints?.mimeTypes == ["image/png", "image/jpeg"])
    }
}
