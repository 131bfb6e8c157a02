import ShareCore
import ShareCoreTesting
import Synchronization
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The router asks content that draws its own card for an image at each destination's size.
struct CardImageRoutingTests {
    /// Records the sizes asked for and answers with an attachment named after the size.
    final class RecordingCardSource: CardImageSource {
        let asked = Mutex<[DestinationDescriptor.PixelSize]>([])
        let failure: ShareError?
        init(failure: ShareError? = nil) { self.failure = failure }

        func cardImage(size: DestinationDescriptor.PixelSize) throws(ShareError) -> ShareAttachment {
            asked.withLock { $0.append(size) }
            if let failure { throw failure }
            return .bytes(Data([0x89, 0x50]), mimeType: "image/png", fileName: "card-\(size).png")
        }
    }

    struct CardContent: ShareableContent {
        var text = "30 day streak"
        let source: RecordingCardSource
        var cardImage: (any CardImageSource)? { source }
    }

    /// A destination that names a card size, records what it was asked to prepare, and fails.
    final class WideDestination: ShareDestination {
        let descriptor = DestinationDescriptor(
            id: "wide",
            displayName: "Wide",
            capabilities: [.text, .image],
            preferredCardSize: .init(width: 1200, height: 675)
        )
        let prepared = Mutex<[String]>([])
        func availability() async -> Availability { .available() }
        func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
            prepared.withLock { $0 += request.content.attachments.map(\.fileName) }
            return PreparedShare(destination: id, summary: "wide")
        }
        func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
            throw ShareError(.permanent, destination: id, message: "refused")
        }
    }

    @Test func eachDestinationGetsTheCardAtItsSizeDrawnOncePerSize() async throws {
        let wide = WideDestination()
        let textOnly = InMemoryDestination(id: "notes", capabilities: [.text])
        let memory = InMemoryDestination(id: "memory")
        let router = ShareRouter(registry: try DestinationRegistry([wide, textOnly, memory]))
        let source = RecordingCardSource()
        let report = try await router.share(
            CardContent(source: source),
            via: FallbackChain(["wide", "memory"])
        )
        #expect(report.outcome == .deliveredByFallback)
        #expect(wide.prepared.withLock { $0 } == ["card-1200x675.png"])
        #expect(memory.received.first?.attachments.map(\.fileName) == ["card-1080x1920.png"])
        #expect(source.asked.withLock { $0 } == [.init(width: 1200, height: 675), .story])

        _ = try await router.share(CardContent(source: source), via: FallbackChain(["notes"]))
        #expect(source.asked.withLock { $0.count } == 2, "a destination without images is not given a card")
        #expect(textOnly.received.first?.attachments.isEmpty == true)
    }

    @Test func aSizeIsDrawnOnceForTheWholeChain() async throws {
        // Two destinations of the same size: the first fails, the second gets the same image.
        let failing = FailingDestination()
        let memory = InMemoryDestination(id: "memory")
        let router = ShareRouter(registry: try DestinationRegistry([failing, memory]))
        let source = RecordingCardSource()
        let report = try await router.share(CardContent(source: source), via: FallbackChain(["failing", "memory"]))
        #expect(report.deliveredBy == "memory")
        #expect(source.asked.withLock { $0 } == [.story])
        #expect(memory.received.first?.attachments.map(\.fileName) == ["card-1080x1920.png"])
    }

    @Test func aCardSizeAloneDrawsNothing() async throws {
        // A text-only destination that names a size could not carry the card: none is drawn.
        let router = ShareRouter(registry: try DestinationRegistry([NamedSizeTextDestination()]))
        let source = RecordingCardSource()
        _ = try await router.share(CardContent(source: source), via: FallbackChain(["named"]))
        #expect(source.asked.withLock { $0 }.isEmpty)
    }

    /// Text only, yet naming a card size.
    struct NamedSizeTextDestination: ShareDestination {
        let descriptor = DestinationDescriptor(
            id: "named",
            displayName: "Named",
            capabilities: [.text],
            preferredCardSize: .init(width: 1200, height: 675)
        )
        func availability() async -> Availability { .available() }
        func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
            PreparedShare(destination: id, summary: request.content.text)
        }
        func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
            DeliveryReceipt(destination: id, summary: "ok")
        }
    }

    @Test func contentWithoutACardIsUnchanged() async throws {
        let memory = InMemoryDestination(id: "memory")
        let router = ShareRouter(registry: try DestinationRegistry([memory]))
        _ = try await router.share(ShareContent(text: "hello"), via: FallbackChain(["memory"]))
        #expect(memory.received.first?.attachments.isEmpty == true)
    }

    @Test func aCardThatCantBeDrawnStopsTheShare() async throws {
        let memory = InMemoryDestination(id: "memory")
        let spare = InMemoryDestination(id: "spare")
        let router = ShareRouter(registry: try DestinationRegistry([memory, spare]))
        let source = RecordingCardSource(failure: ShareError(.badInput, message: "no font for U+E000"))
        let report = try await router.share(
            CardContent(source: source),
            via: FallbackChain(["memory", "spare"])
        )
        #expect(report.outcome == .notDelivered)
        #expect(report.attempts.count == 1)
        #expect(report.attempts.first?.reason.contains("U+E000") == true)
        #expect(spare.received.isEmpty)
    }

    @Test func thePreviewShowsTheCardToo() async throws {
        let memory = InMemoryDestination(id: "memory")
        let router = ShareRouter(registry: try DestinationRegistry([memory]))
        let previews = try await router.preview(
            CardContent(source: RecordingCardSource()),
            via: FallbackChain(["memory"])
        )
        let prepared = try previews.first.map { try $0.prepared.get() }
        #expect(prepared?.attachments.map(\.fileName) == ["card-1080x1920.png"])
    }
}
