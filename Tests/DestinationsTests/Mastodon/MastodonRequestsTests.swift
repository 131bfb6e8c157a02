import Foundation
import HTTPTransport
import ShareCore
import Testing

@testable import Destinations

@Suite struct MastodonRequestsTests {
    static let instance = try! HTTPURL("https://mastodon.example")
    static let canary = "canary-token-7f3a9c1e-do-not-print"
    static let token = Secret(canary)
    static let key = try! MastodonIdempotencyKey("share-0c4f1e52-attempt-stable")
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    /// The posting part of the OpenAPI description in the fixtures.
    static func document() throws -> [String: Any] {
        let path = "\(OpenAPISchema.fixtures)/posting-schema.json"
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    static func operation(_ path: String) throws -> [String: Any] {
        let paths = try document()["paths"] as! [String: Any]
        return (paths[path] as! [String: Any])["post"] as! [String: Any]
    }

    static func schema(_ name: String) throws -> [String: Any] {
        let components = try document()["components"] as! [String: Any]
        return (components["schemas"] as! [String: Any])[name] as! [String: Any]
    }

    /// A media status's fields as the description gives them: BaseStatus's and MediaStatus's own.
    static func mediaStatusProperties() throws -> [String: [String: Any]] {
        var properties = try schema("BaseStatus")["properties"] as! [String: [String: Any]]
        for part in try schema("MediaStatus")["allOf"] as! [[String: Any]] {
            for (name, value) in part["properties"] as? [String: [String: Any]] ?? [:] { properties[name] = value }
        }
        return properties
    }

    static func status() -> MastodonStatus {
        MastodonStatus(
            text: "Night Owl unlocked https://example.org/a",
            mediaIDs: ["109876543210", "109876543211"],
            visibility: .unlisted,
            language: "en",
            spoilerText: "game",
            inReplyToID: "109000000000"
        )
    }

    static func bodyText(_ request: HTTPRequest) -> String {
        String(decoding: request.body.encoded()?.bytes ?? [], as: UTF8.self)
    }

    @Test func theStatusRequestHasTheOperationsFieldsAndTypes() throws {
        let request = try MastodonRequests.postStatus(
            instance: Self.instance,
            token: Self.token,
            status: Self.status(),
            idempotencyKey: Self.key
        )
        #expect(request.method == .post && request.url.description == "https://mastodon.example/api/v1/statuses")
        let encoded = try #require(request.body.encoded())
        #expect(encoded.contentType == "application/json")
        #expect(
            try Self.operation("/api/v1/statuses")["requestBody"].map {
                (($0 as! [String: Any])["content"] as! [String: Any]).keys.contains("application/json")
            } == true
        )
        let body = try JSONSerialization.jsonObject(with: Data(encoded.bytes)) as! [String: Any]
        let properties = try Self.mediaStatusProperties()
        let visibilities = try Self.schema("StatusVisibilityEnum")["enum"] as! [String]
        #expect(Set(body.keys) == ["status", "media_ids", "visibility", "language", "spoiler_text", "in_reply_to_id"])
        for (name, value) in body {
            let property = try #require(properties[name], "\(name) is not a field of the operation")
            if property["$ref"] as? String == "#/components/schemas/StatusVisibilityEnum" {
                #expect(visibilities.contains(value as! String))
            } else if property["type"] as? String == "array" {
                #expect((property["items"] as! [String: Any])["type"] as? String == "string")
                #expect((value as? [Any])?.allSatisfy { $0 is String } == true, "\(name)")
            } else {
                #expect(property["type"] as? String == "string" && value is String, "\(name)")
            }
        }
        #expect(body["media_ids"] as? [String] == ["109876543210", "109876543211"])
        #expect(Set(MastodonVisibility.allCases.map(\.rawValue)) == Set(visibilities))
    }

    @Test func theIdempotencyKeyIsTheOperationsHeaderNeverInTheBodyAndStableAcrossRetries() throws {
        let parameters = try Self.operation("/api/v1/statuses")["parameters"] as! [[String: Any]]
        let headerNames = parameters.filter { $0["in"] as? String == "header" }.map { $0["name"] as! String }
        #expect(headerNames == ["Idempotency-Key"])
        let first = try MastodonRequests.postStatus(
            instance: Self.instance,
            token: Self.token,
            status: Self.status(),
            idempotencyKey: Self.key
        )
        let retry = try MastodonRequests.postStatus(
            instance: Self.instance,
            token: Self.token,
            status: Self.status(),
            idempotencyKey: Self.key
        )
        #expect(first.headers.values(for: "Idempotency-Key") == [Self.key.value])
        #expect(retry.headers == first.headers && retry.body.encoded()?.bytes == first.body.encoded()?.bytes)
        #expect(
            !Self.bodyText(first).contains(Self.key.value) && !Self.bodyText(first).lowercased().contains("idempotency")
        )
    }

    @Test(arguments: ["", " ", "a b", "line\r\nBcc: x", String(repeating: "k", count: 256), "clé"])
    func aKeyThatCantBeAHeaderValueIsRefused(key: String) {
        #expect(throws: MastodonRequestError(field: "Idempotency-Key", "must be 1 to 255 visible ASCII characters")) {
            try MastodonIdempotencyKey(key)
        }
    }

    @Test func theMediaRequestHasTheOperationsFieldsAndTheAltTextNotTheFileName() throws {
        let request = try MastodonRequests.uploadMedia(
            instance: Self.instance,
            token: Self.token,
            image: Self.png,
            mediaType: "image/png",
            fileName: "card.png",
            altText: "Achievement card: Night Owl, level 7",
            focus: (x: 0.25, y: -0.5)
        )
        #expect(request.method == .post && request.url.description == "https://mastodon.example/api/v2/media")
        let content = try #require(
            (Self.operation("/api/v2/media")["requestBody"] as? [String: Any])?["content"] as? [String: Any]
        )
        let form = try #require(content["multipart/form-data"] as? [String: Any])
        let schema = form["schema"] as! [String: Any]
        let properties = schema["properties"] as! [String: [String: Any]]
        guard case .multipart(let multipart) = request.body else {
            Issue.record("not a multipart body")
            return
        }
        var names: [String] = []
        for part in multipart.parts {
            switch part {
            case .file(let name, _, let contentType, let bytes):
                names.append(name)
                #expect(properties[name]?["format"] as? String == "binary", "\(name) is not a file of the operation")
                #expect(contentType == "image/png" && bytes == Self.png)
            case .field(let name, let value):
                names.append(name)
                #expect(properties[name]?["type"] as? String == "string", "\(name) is not a field of the operation")
                if name == "description" {
                    #expect(value == "Achievement card: Night Owl, level 7")
                    #expect(value != "card.png" && !value.contains("card.png"))
                }
                if name == "focus" { #expect(value == "0.25,-0.50") }
            }
        }
        #expect(names == ["file", "description", "focus"])
        #expect(Set(schema["required"] as! [String]).isSubset(of: names))
        // No alt text: no description at all, never the file name in its place.
        let bare = try MastodonRequests.uploadMedia(
            instance: Self.instance,
            token: Self.token,
            image: Self.png,
            mediaType: "image/png",
            fileName: "card.png",
            altText: nil
        )
        guard case .multipart(let bareForm) = bare.body else { return }
        #expect(bareForm.parts.count == 1)
        #expect(bareForm.parts.allSatisfy { if case .field = $0 { false } else { true } })
    }

    @Test(arguments: [
        (0.0, 0.0, "0.00,0.00"), (-1.0, 1.0, "-1.00,1.00"), (0.125, -0.004, "0.13,0.00"), (-0.05, 0.999, "-0.05,1.00"),
    ])
    func theFocusIsTwoCoordinates(x: Double, y: Double, text: String) throws {
        #expect(try MastodonRequests.focusText(x: x, y: y) == text)
    }

    @Test(arguments: [(1.5, 0.0), (0.0, -1.01), (Double.nan, 0.0), (0.0, Double.infinity)])
    func aFocusOutsideTheImageIsRefused(x: Double, y: Double) {
        #expect(throws: MastodonRequestError.self) { try MastodonRequests.focusText(x: x, y: y) }
    }

    @Test func theTokenIsOnlyTheBearerHeaderAndNeverPrinted() throws {
        let status = try MastodonRequests.postStatus(
            instance: Self.instance,
            token: Self.token,
            status: Self.status(),
            idempotencyKey: Self.key
        )
        let media = try MastodonRequests.uploadMedia(
            instance: Self.instance,
            token: Self.token,
            image: Self.png,
            mediaType: "image/png",
            fileName: "card.png",
            altText: "alt"
        )
        for request in [status, media] {
            #expect(request.headers.values(for: "Authorization") == ["Bearer \(Self.canary)"])
            #expect(request.allSecrets.contains(Self.canary))
            let others = request.headers.filter { $0.name != "Authorization" }.map { "\($0.name): \($0.value)" }
            #expect(!others.joined().contains(Self.canary))
            #expect(!Self.bodyText(request).contains(Self.canary))
            #expect(!request.url.description.contains(Self.canary))
        }
        // What can be printed about a post: the token's description, the status and a refusal.
        var printed = "\(Self.token) \(String(reflecting: Self.token)) \(Self.status()) \(Self.key)"
        do {
            _ = try MastodonRequests.uploadMedia(
                instance: Self.instance,
                token: Self.token,
                image: Self.png,
                mediaType: "image/png",
                fileName: "card.png",
                altText: "alt",
                focus: (x: 2, y: 0)
            )
        } catch { printed += error.description }
        #expect(printed.contains("focus: x is 2.0"))
        #expect(!printed.contains(Self.canary))
    }
}
