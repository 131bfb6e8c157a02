import Foundation
import ShareCore
import Synchronization
import Testing

@Suite struct ShareIDTests {
    @Test func itsTextReadsBackAsTheSameID() throws {
        let id = ShareID(microseconds: 1_795_693_512_123_456, nonce: 0x9f2c_4e1a_0b7d_3c55)
        #expect(id.description == "1795693512123456-9f2c4e1a0b7d3c55")
        #expect(ShareID(id.description) == id)
        let small = ShareID(microseconds: 0, nonce: 1)
        #expect(small.description == "0-0000000000000001")
        #expect(ShareID(small.description) == small)
    }

    @Test(arguments: [
        "", "-", "12", "12-abc", "12-9F2C4E1A0B7D3C55", "x-9f2c4e1a0b7d3c55", "+1-9f2c4e1a0b7d3c55",
        "1-9f2c4e1a0b7d3c55-1", "99999999999999999999999-9f2c4e1a0b7d3c55",
        "18446744073709551615-9f2c4e1a0b7d3c55", "253402300800000000-9f2c4e1a0b7d3c55",
    ])
    func textThatIsNotAnIDIsRefused(text: String) {
        #expect(ShareID(text) == nil)
    }

    @Test func theLastMicrosecondOfYear9999IsTheLatestTime() {
        #expect(ShareID("253402300799999999-9f2c4e1a0b7d3c55")?.microseconds == ShareID.latestMicroseconds)
    }

    @Test func aNewIDIsNowAndDiffersFromTheNext() {
        let before = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let first = ShareID.new()
        let second = ShareID.new()
        let after = UInt64(Date().timeIntervalSince1970 * 1_000_000) + 1
        #expect((before...after).contains(first.microseconds))
        #expect(first != second)
    }

    @Test func itIsEncodedAsItsText() throws {
        let id = ShareID(microseconds: 42, nonce: 255)
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["42-00000000000000ff"]"#)
        #expect(try JSONDecoder().decode([ShareID].self, from: data) == [id])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ShareID].self, from: Data(#"["42"]"#.utf8)) }
    }

    @Test func theRouterGivesEveryDestinationTheSameOptions() async throws {
        let options = ShareOptions(threadsLongText: true, requiresAltText: true)
        let first = RequestRecorder(id: "first", fails: true)
        let second = RequestRecorder(id: "second", fails: false)
        let router = ShareRouter(
            registry: try DestinationRegistry([first, second]),
            retryPolicy: RetryPolicy(maxAttempts: 1)
        )
        _ = try await router.share(
            ShareContent(text: "hello"),
            via: FallbackChain(["first", "second"]),
            options: options
        )
        #expect(first.seen.withLock { $0 } == [options])
        #expect(second.seen.withLock { $0 } == [options])
    }

    @Test func receiptIDsAreEncodedOnlyWhenThereAreSome() throws {
        var receipt = DeliveryReceipt(destination: "x", summary: "posted")
        let plain = String(decoding: try JSONEncoder().encode(receipt), as: UTF8.self)
        #expect(!plain.contains("ids"))
        #expect(try JSONDecoder().decode(DeliveryReceipt.self, from: Data(plain.utf8)) == receipt)
        receipt.ids = ["id": "123"]
        let data = try JSONEncoder().encode(receipt)
        #expect(String(decoding: data, as: UTF8.self).contains(#""ids":{"id":"123"}"#))
        #expect(try JSONDecoder().decode(DeliveryReceipt.self, from: data).ids == ["id": "123"])
    }
}

/// The options a ``RequestRecorder`` saw.
private final class RecordedOptions: Sendable {
    let options = Mutex<[ShareOptions]>([])
    func withLock<R>(_ body: (inout [ShareOptions]) -> R) -> R { options.withLock { body(&$0) } }
}

/// A destination that records the options of every request it prepares, and fails or delivers.
private struct RequestRecorder: ShareDestination {
    let descriptor: DestinationDescriptor
    let fails: Bool
    let seen = RecordedOptions()

    init(id: DestinationID, fails: Bool) {
        descriptor = DestinationDescriptor(id: id, displayName: id.rawValue, capabilities: [.text])
        self.fails = fails
    }

    func availability() async -> Availability { .available() }

    func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
        seen.withLock { $0.append(request.options) }
        return PreparedShare(destination: id, summary: "ok", text: request.content.text)
    }

    func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
        if fails { throw ShareError(.permanent, destination: id, message: "no") }
        return DeliveryReceipt(destination: id, summary: "done")
    }
}
