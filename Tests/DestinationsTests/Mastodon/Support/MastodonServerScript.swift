import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Destinations

/// A loopback Mastodon for the posting tests: the answers of the documented endpoints, a
/// destination pointed at it, and the checks every request it received must pass against the
/// OpenAPI description in the fixtures.
enum MastodonServerScript {
    static let canary = "canary-mastodon-token-5b8e01d4-never-shown"
    static let png: [UInt8] = PNGBytes.rgbFile(width: 4, height: 3, rgb: Array(repeating: 0x7F, count: 36))
    static let alt = "Achievement card: Night Owl, level 7, unlocked 2026-11-25"

    static func status(_ id: String, port: Int) -> HTTPTestServer.Answer {
        .status(
            200,
            json: """
                {"id":"\(id)","url":"https://mastodon.example/@alice/\(id)","uri":"https://mastodon.example/users/alice/statuses/\(id)","visibility":"public","content":"<p>x</p>"}
                """
        )
    }

    static func media(_ id: String, status: Int = 200, ready: Bool = true) -> HTTPTestServer.Answer {
        let url = ready ? "\"https://files.mastodon.example/\(id).png\"" : "null"
        return .status(status, json: "{\"id\":\"\(id)\",\"type\":\"image\",\"url\":\(url),\"description\":null}")
    }

    static let instance = HTTPTestServer.Answer.status(
        200,
        json: """
            {"domain":"mastodon.example","version":"4.3.2","configuration":{"statuses":{"max_characters":500,"max_media_attachments":4,"characters_reserved_per_url":23},"media_attachments":{"description_limit":1500,"image_size_limit":16777216,"supported_mime_types":["image/png","image/jpeg"]}}}
            """
    )

    /// The routes of a server that takes every post.
    static func routes(
        statuses: [HTTPTestServer.Answer]? = nil,
        media: [HTTPTestServer.Answer]? = nil,
        polls: [HTTPTestServer.Answer] = []
    ) -> [String: [HTTPTestServer.Answer]] {
        var routes: [String: [HTTPTestServer.Answer]] = [
            "/api/v2/instance": [instance],
            "/api/v2/media": media ?? [Self.media("3001")],
            "/api/v1/statuses": statuses ?? [status("2001", port: 0)],
        ]
        if !polls.isEmpty { routes["/api/v1/media/3001"] = polls }
        return routes
    }

    /// The environment of a test: its own HOME and cache, no desktop, no saved account.
    static func environment(_ folder: TemporaryFolder, _ extra: [String: String] = [:]) -> ShareEnvironment {
        var values = [
            "HOME": folder.path, "XDG_CACHE_HOME": folder.file("cache"), "XDG_STATE_HOME": folder.file("state"),
            "PATH": "/usr/bin:/bin",
        ]
        values.merge(extra) { $1 }
        return ShareEnvironment(values)
    }

    /// A destination for `server`, signed in with the canary token.
    static func destination(
        _ server: HTTPTestServer,
        folder: TemporaryFolder,
        token: String? = canary,
        timeout: Duration = .seconds(10),
        limit: Int = 500
    ) -> MastodonDestination {
        MastodonDestination(
            configuration: .init(
                instance: server.origin,
                limit: limit,
                token: token.map(Secret.init),
                visibility: .unlisted,
                language: "en",
                timeout: timeout
            ),
            environment: environment(folder)
        )
    }

    /// A share of text and the card, with or without alt text.
    static func content(text: String = "Night Owl unlocked", alt: String? = alt) -> ShareContent {
        var card = ShareAttachment.bytes(Data(png), mimeType: "image/png", fileName: "card.png")
        card.altText = alt
        return ShareContent(text: text, link: "https://example.org/owl", hashtags: ["games"], attachments: [card])
    }

    // MARK: Checks against the OpenAPI description

    static func document(_ name: String) throws -> [String: Any] {
        let path = "\(OpenAPISchema.fixtures)/\(name)"
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// The documented operation for a request, or nil when the description has none.
    static func operation(method: String, path: String) throws -> [String: Any]? {
        for name in ["posting-schema.json", "reading-schema.json"] {
            let paths = try document(name)["paths"] as! [String: Any]
            for (template, item) in paths {
                let pattern = "^" + template.replacingOccurrences(of: "{id}", with: "[^/]+") + "$"
                guard path.range(of: pattern, options: .regularExpression) != nil else { continue }
                if let operation = (item as? [String: Any])?[method.lowercased()] as? [String: Any] {
                    return operation
                }
            }
        }
        return nil
    }

    /// Records an issue for each way a received request departs from the description: an
    /// undocumented operation, a field it doesn't define, a missing required file, a visibility
    /// outside its enum, a header parameter in the body, a token missing or anywhere but the
    /// `Authorization` header.
    static func check(_ requests: [HTTPTestServer.Received]) throws {
        let posting = try document("posting-schema.json")
        let schemas = (posting["components"] as! [String: Any])["schemas"] as! [String: [String: Any]]
        var statusFields = schemas["BaseStatus"]!["properties"] as! [String: Any]
        for part in schemas["MediaStatus"]!["allOf"] as! [[String: Any]] {
            for (name, value) in part["properties"] as? [String: Any] ?? [:] { statusFields[name] = value }
        }
        let visibilities = schemas["StatusVisibilityEnum"]!["enum"] as! [String]
        for request in requests {
            let label = "\(request.method) \(request.path)"
            guard let operation = try operation(method: request.method, path: request.path) else {
                Issue.record("\(label) is not an operation of the description")
                continue
            }
            let body = String(decoding: request.body, as: UTF8.self)
            #expect(!body.contains(canary), "\(label) has the token in its body")
            if request.path != "/api/v2/instance" {
                #expect(request.header("Authorization") == "Bearer \(canary)", "\(label)")
            }
            let headerParameters = (operation["parameters"] as? [[String: Any]] ?? [])
                .filter { $0["in"] as? String == "header" }.map { $0["name"] as! String }
            for name in headerParameters {
                #expect(!body.lowercased().contains(name.lowercased()), "\(label) has \(name) in its body")
            }
            if request.path == "/api/v1/statuses" {
                #expect(request.header("Idempotency-Key") != nil, "\(label) has no Idempotency-Key header")
                let object = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
                for (name, value) in object {
                    #expect(statusFields[name] != nil, "\(label): \(name) is not a field of the operation")
                    if name == "visibility" { #expect(visibilities.contains(value as? String ?? "")) }
                }
            }
            if request.path == "/api/v2/media" {
                let content = (operation["requestBody"] as? [String: Any])?["content"] as? [String: Any]
                let schema = (content?["multipart/form-data"] as? [String: Any])?["schema"] as? [String: Any]
                let properties = schema?["properties"] as? [String: Any] ?? [:]
                let required = schema?["required"] as? [String] ?? []
                let names = request.parts.compactMap { $0["name"] }
                for name in names { #expect(properties[name] != nil, "\(label): \(name) is not a field") }
                for name in required { #expect(names.contains(name), "\(label): \(name) is missing") }
            }
        }
    }
}
