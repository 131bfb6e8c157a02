import Foundation
import Testing

@testable import Destinations

@Suite struct BlueskyAnswersTests {
    static let blobAnswer =
        #"{"blob":{"$type":"blob","ref":{"$link":"\#(SampleRecords.cid)"},"mimeType":"image/png","size":180000}}"#
    static let rkey = BlueskyTID(microseconds: 1_795_595_481_123_456, clockID: 7)
    static var createAnswer: String {
        #"{"uri":"at://\#(SampleRecords.did)/app.bsky.feed.post/\#(rkey)","cid":"\#(SampleRecords.postCID)","#
            + #""commit":{"cid":"\#(SampleRecords.postCID)","rev":"3kzfcijpj2z2a"},"validationStatus":"valid"}"#
    }

    static func error(_ read: () throws -> Void) -> BlueskyRecordError? {
        do {
            try read()
            return nil
        } catch { return error as? BlueskyRecordError }
    }

    @Test func readsUploadBlobsAnswer() throws {
        let validator = try LexiconValidator()
        try validator.validateOutput(Data(Self.blobAnswer.utf8), of: "com.atproto.repo.uploadBlob")
        let blob = try BlueskyAnswers.uploadedBlob(Array(Self.blobAnswer.utf8))
        #expect(blob == (try SampleRecords.blob()))
        // The blob goes into the record as it came.
        let image = try BlueskyEmbed.Image(image: blob, alt: "a card", aspectRatio: nil)
        let written = try JSONSerialization.jsonObject(with: RecordJSON.encode(image)) as? [String: Any]
        let answered = try JSONSerialization.jsonObject(with: Data(Self.blobAnswer.utf8)) as? [String: Any]
        let writtenBlob = try #require(written?["image"] as? [String: Any])
        let answeredBlob = try #require(answered?["blob"] as? [String: Any])
        #expect(NSDictionary(dictionary: writtenBlob) == NSDictionary(dictionary: answeredBlob))
    }

    @Test func refusesAnUploadBlobAnswerThatIsNotOne() {
        func field(_ answer: String) -> String? {
            Self.error { _ = try BlueskyAnswers.uploadedBlob(Array(answer.utf8)) }.map { "\($0.code) \($0.field)" }
        }
        #expect(field("<html>502</html>") == "invalid-answer $")
        #expect(field("[]") == "invalid-answer $")
        #expect(field("{}") == "invalid-answer blob")
        #expect(
            field(#"{"blob":{"cid":"\#(SampleRecords.cid)","mimeType":"image/png"}}"#) == "invalid-answer blob.$type"
        )
        #expect(
            field(#"{"blob":{"$type":"blob","ref":{},"mimeType":"image/png","size":1}}"#) == "invalid-answer blob.ref"
        )
        #expect(
            field(#"{"blob":{"$type":"blob","ref":{"$link":"x y"},"mimeType":"image/png","size":1}}"#)
                == "invalid-answer blob.ref"
        )
        #expect(
            field(
                #"{"blob":{"$type":"blob","ref":{"$link":"\#(SampleRecords.cid)"},"mimeType":"image/png","size":"1"}}"#
            ) == "invalid-answer blob.size"
        )
        #expect(
            field(#"{"blob":{"$type":"blob","ref":{"$link":"\#(SampleRecords.cid)"},"mimeType":"png","size":1}}"#)
                == "invalid-answer blob.mimeType"
        )
        let padded = Self.blobAnswer + String(repeating: " ", count: BlueskyAnswers.maximumAnswerBytes)
        #expect(field(padded) == "answer-too-large $")
    }

    @Test func readsCreateRecordsAnswer() throws {
        try LexiconValidator().validateOutput(Data(Self.createAnswer.utf8), of: "com.atproto.repo.createRecord")
        let post = try BlueskyAnswers.createdPost(Array(Self.createAnswer.utf8), recordKey: Self.rkey)
        #expect(post.recordKey == Self.rkey.description)
        #expect(post.repository == SampleRecords.did)
        #expect(post.reference.cid == SampleRecords.postCID)
        #expect(post.url(handle: "alice.bsky.social") == "https://bsky.app/profile/alice.bsky.social/post/\(Self.rkey)")
        // The next post of a thread replies to it.
        let reply = BlueskyReplyRef(root: post.reference, parent: post.reference)
        let record = try BlueskyPostRecord(text: "2/2", createdAt: SampleRecords.createdAt, reply: reply)
        try LexiconValidator().validateRecord(RecordJSON.encode(record))
    }

    @Test func refusesACreateRecordAnswerAboutAnotherRecord() {
        let other = BlueskyTID(microseconds: 1, clockID: 1)
        let mismatch = Self.error {
            _ = try BlueskyAnswers.createdPost(Array(Self.createAnswer.utf8), recordKey: other)
        }
        #expect(mismatch?.field == "uri")
        #expect(mismatch?.message.contains("not the \(other) asked for") == true)
        let like = Self.createAnswer.replacingOccurrences(of: "app.bsky.feed.post", with: "app.bsky.feed.like")
        #expect(
            Self.error { _ = try BlueskyAnswers.createdPost(Array(like.utf8)) }?.message.contains("app.bsky.feed.like")
                == true
        )
        #expect(Self.error { _ = try BlueskyAnswers.createdPost(Array(#"{"uri":null}"#.utf8)) }?.field == "uri")
        #expect(Self.error { _ = try BlueskyAnswers.createdPost(Array(#"{"uri":"at://x"}"#.utf8)) }?.field == "cid")
    }

    @Test func quotesAnXRPCErrorOnOneLine() {
        let answer =
            #"{"error":"InvalidRequest","message":"Invalid app.bsky.feed.post record:\nRecord/text must not be longer than 300 graphemes"}"#
        let error = BlueskyAnswers.xrpcError(Array(answer.utf8))
        #expect(error?.name == "InvalidRequest")
        #expect(
            error?.message == "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes"
        )
        let long = #"{"error":"X","message":"\#(String(repeating: "a", count: 1000))"}"#
        #expect(BlueskyAnswers.xrpcError(Array(long.utf8))?.message?.count == BlueskyAnswers.maximumQuotedMessage + 1)
        #expect(BlueskyAnswers.xrpcError(Array("Bad Gateway".utf8)) == nil)
        #expect(BlueskyAnswers.xrpcError(Array(#"{"message":"no name"}"#.utf8)) == nil)
    }
}
