import Foundation
import ShareCards
import ShareCore
import ShareCoreTesting
import TestSupport
import Testing

@testable import ShareviaCLI

/// `--alt`, `--require-alt` and `--thread`, read by the share command line and carried to every
/// destination: the alt text on the image each receives, the options on its request.
@Suite struct ShareAltTextOptionTests {
    let folder = TemporaryFolder("alt-option")
    static var streakSpec: String { PackageRoot.path + "/examples/cards/streak.json" }

    /// The invocation a command line (after `sharevia`) reads to.
    static func invocation(_ arguments: [String]) throws -> ShareInvocation {
        guard case .share(let invocation) = try ShareCommandLine.request(arguments) else {
            Issue.record("not a share: \(arguments)")
            throw CancellationError()
        }
        return invocation
    }

    /// The message a command line is refused with.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try ShareCommandLine.request(arguments)
            return nil
        } catch {
            return error.error.message
        }
    }

    /// A small real PNG in the folder.
    func png(_ name: String) throws -> String {
        try folder.write(PNGBytes.rgbFile(width: 2, height: 2, rgb: Array(repeating: 200, count: 12)), named: name)
    }

    /// What an in-memory destination receives of the share `arguments` describe.
    func received(_ arguments: [String]) async throws -> [ShareAttachment] {
        let invocation = try Self.invocation(arguments)
        let memory = InMemoryDestination(id: "memory")
        let router = ShareRouter(registry: try DestinationRegistry([memory]))
        let content = try invocation.buildShareable(pipeWait: .seconds(5))
        let report = try await router.share(content, via: FallbackChain(["memory"]), options: invocation.shareOptions())
        #expect(report.deliveredBy == "memory")
        return try #require(memory.received.first).attachments
    }

    @Test func theOptionsAreRead() throws {
        let invocation = try Self.invocation([
            "--to", "file", "--alt", "A bar chart", "--alt=Two owls", "--require-alt", "--thread", "--text", "hi",
        ])
        #expect(invocation.altTexts == ["A bar chart", "Two owls"])
        #expect(invocation.requiresAltText && invocation.threadsLongText)
        let plain = try Self.invocation(["--to", "file", "--text", "hi"])
        #expect(plain.altTexts.isEmpty && !plain.requiresAltText && !plain.threadsLongText)
        let options = plain.shareOptions()
        #expect(options == ShareOptions(id: options.id))
    }

    @Test func eachShareHasItsOwnIdentity() throws {
        let invocation = try Self.invocation(["--to", "file", "--text", "hi", "--thread"])
        let first = invocation.shareOptions()
        let second = invocation.shareOptions()
        #expect(first.id != second.id)
        #expect(first.threadsLongText && !first.requiresAltText)
    }

    @Test func anImageFileHasNoAltTextUnlessGivenOne() async throws {
        let path = try png("Night Owl, level 7.png")
        let bare = try await received(["--to", "memory", path])
        #expect(bare.count == 1)
        #expect(bare[0].altText == nil, "never the file name: \(bare[0].altText ?? "nil")")
        let described = try await received(["--to", "memory", path, "--alt", "An owl badge"])
        #expect(described.map(\.altText) == ["An owl badge"])
    }

    @Test func repeatedAltTextsDescribeTheImagesInOrderSkippingOtherFiles() async throws {
        let first = try png("first.png")
        let notes = try folder.write(Array("notes".utf8), named: "notes.txt")
        let second = try png("second.png")
        let attachments = try await received([
            "--to", "memory", first, notes, second, "--alt", "The first", "--alt", "The second",
        ])
        #expect(attachments.map(\.fileName) == ["first.png", "notes.txt", "second.png"])
        #expect(attachments.map(\.altText) == ["The first", nil, "The second"])
        let one = try await received(["--to", "memory", first, second, "--alt", "Only the first"])
        #expect(one.map(\.altText) == ["Only the first", nil])
    }

    @Test func aCardCarriesTheAltTextWrittenFromItsSpec() async throws {
        let attachments = try await received(["--to", "memory", "--card", Self.streakSpec])
        let card = try #require(attachments.first)
        #expect(card.fileName == "card.png")
        let spec = try CardSpecFile.load(Self.streakSpec)
        #expect(card.altText == spec.altText)
        #expect(card.altText?.hasPrefix("Streak card: ") == true, "\(card.altText ?? "nil")")
    }

    @Test func altReplacesTheCardsAndTheNextOneDescribesAFile() async throws {
        let photo = try png("photo.png")
        let attachments = try await received([
            "--to", "memory", "--card", Self.streakSpec, photo, "--alt", "Thirty days in a row", "--alt", "A run",
        ])
        #expect(attachments.map(\.fileName) == ["card.png", "photo.png"])
        #expect(attachments.map(\.altText) == ["Thirty days in a row", "A run"])
    }

    @Test func requireAltAndThreadReachEveryDestinationWithOneIdentity() async throws {
        let invocation = try Self.invocation(["--to", "first", "--require-alt", "--thread", "--text", "hi"])
        let first = RequestRecordingDestination(id: "first", fails: true)
        let second = RequestRecordingDestination(id: "second")
        let router = ShareRouter(registry: try DestinationRegistry([first, second]))
        let options = invocation.shareOptions()
        let report = try await router.share(
            try invocation.buildShareable(pipeWait: .seconds(5)),
            via: FallbackChain(["first", "second"]),
            options: options
        )
        #expect(report.deliveredBy == "second")
        let requests = first.received + second.received
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.options == options })
        #expect(options.requiresAltText && options.threadsLongText)
    }

    /// The command itself (``ShareInvocation/run()``) hands the destinations the options read.
    @Test func theShareCommandPassesItsOptionsToTheRouter() async throws {
        let recorder = RequestRecordingDestination(id: "recorder")
        let factory = ShareviaMain.RegistryFactory.standard(plus: { _ in [recorder] })
        try await ShareviaMain.$registryFactory.withValue(factory) {
            let invocation = try Self.invocation([
                "--to", "recorder", "--no-fallback", "--require-alt", "--thread", "--text", "hi", "--json",
            ])
            try await invocation.run()
        }
        let request = try #require(recorder.received.first)
        #expect(request.options.requiresAltText && request.options.threadsLongText)
        let plain = RequestRecordingDestination(id: "recorder")
        try await ShareviaMain.$registryFactory.withValue(.standard(plus: { _ in [plain] })) {
            try await Self.invocation(["--to", "recorder", "--no-fallback", "--text", "hi", "--json"]).run()
        }
        let plainRequest = try #require(plain.received.first)
        #expect(!plainRequest.options.requiresAltText && !plainRequest.options.threadsLongText)
        #expect(plainRequest.options.id != request.options.id)
    }

    @Test func altTextIsCappedAtMastodonsLimitCountedInCodePoints() throws {
        let longest = String(repeating: "a", count: ShareAltTexts.maximumLength)
        #expect(try Self.invocation(["--to", "file", "--text", "hi", "--alt", longest]).altTexts == [longest])
        let over = Self.refusal(["--to", "file", "--text", "hi", "--alt", longest + "a"])
        #expect(
            over == "--alt is 1501 characters long; alt text may have at most 1,500 (Mastodon's limit; "
                + "Bluesky's is no tighter): shorten it"
        )
        // 1,000 letters with a combining mark each: 1,000 graphemes, but 2,000 characters as Mastodon counts.
        let combining = String(repeating: "e\u{301}", count: 1000)
        #expect(combining.count == 1000)
        let refused = Self.refusal(["--to", "file", "--text", "hi", "--alt", "ok", "--alt", combining])
        #expect(refused?.hasPrefix("--alt (2nd) is 2000 characters long") == true, "\(refused ?? "nil")")
    }

    @Test func blankAltTextAndControlCharactersAreRefused() {
        #expect(
            Self.refusal(["--to", "file", "--text", "hi", "--alt", "  "])
                == "--alt is empty; describe what the image shows, or leave --alt out"
        )
        #expect(
            Self.refusal(["--to", "file", "--text", "hi", "--alt", "bell\u{7}"])
                == "--alt contains the control character U+0007; alt text may hold line breaks and tabs, "
                + "but no other control characters"
        )
        #expect(Self.refusal(["--to", "file", "--text", "hi", "--alt", "two\nlines\twith a tab"]) == nil)
    }

    @Test func moreAltTextsThanImagesAreRefusedNamingTheImages() throws {
        let photo = try png("photo.png")
        let tooMany = try Self.invocation(["--to", "file", photo, "--alt", "one", "--alt", "two"])
        #expect(throws: CommandFailure.self) { try tooMany.buildContent() }
        #expect(
            ShareAltTexts.refusal(["one", "two"], images: ["photo.png"], hasCard: false)
                == "--alt is given 2 times, but the share has 1 image (photo.png); give one --alt per image, in order"
        )
        #expect(
            ShareAltTexts.refusal(["a", "b", "c"], images: ["photo.png"], hasCard: true)
                == "--alt is given 3 times, but the share has 2 images (the card, photo.png); give one --alt per "
                + "image, in order"
        )
        let noImage = try Self.invocation(["--to", "file", "--text", "hi", "--alt", "one"])
        #expect(throws: CommandFailure.self) { try noImage.buildContent() }
        #expect(
            ShareAltTexts.refusal(["one"], images: [], hasCard: false)
                == "--alt describes an image, but this share has none; attach an image file or draw one with --card"
        )
    }
}

/// `--share-id`: a share sent again keeps the identity its first run reported.
@Suite struct ShareIDOptionTests {
    @Test func aGivenShareIDIsTheSharesIdentity() throws {
        let invocation = try ShareAltTextOptionTests.invocation([
            "--to", "file", "--text", "hi", "--share-id", "1795693512123456-9f2c4e1a0b7d3c55", "--thread",
        ])
        let options = invocation.shareOptions()
        #expect(options.id == ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c_4e1a_0b7d_3c55))
        #expect(invocation.shareOptions() == options, "the same identity on every run")
        #expect(options.threadsLongText)
    }

    @Test(arguments: ["7", "1795693512123456-9F2C4E1A0B7D3C55", "1795693512123456-9f2c", "x-9f2c4e1a0b7d3c55"])
    func aMalformedShareIDIsRefused(text: String) {
        #expect(
            ShareAltTextOptionTests.refusal(["--to", "file", "--text", "hi", "--share-id", text])
                == "--share-id '\(text)' is not a share id; give the \"shareId\" a --json report printed, such as "
                + "1795693512123456-9f2c4e1a0b7d3c55"
        )
    }

    @Test func theJSONReportGivesBackTheShareIDGiven() async throws {
        let folder = TemporaryFolder("share-id-option")
        let run = try await ShareviaProcess.run([
            "--to", "file", "--text", "hi", "--out", folder.file("out"), "--no-fallback", "--json",
            "--share-id", "1795693512123456-9f2c4e1a0b7d3c55",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""shareId" : "1795693512123456-9f2c4e1a0b7d3c55""#), "\(run.stdout)")
    }
}
