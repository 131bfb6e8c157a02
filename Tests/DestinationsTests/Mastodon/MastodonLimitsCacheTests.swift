import Foundation
import ShareCore
import TestSupport
import Testing

@testable import Destinations

#if canImport(Glibc)
import Glibc
#endif

/// The instance limits cache: read once from the server, kept a day, capped when read.
@Suite struct MastodonLimitsCacheTests {
    typealias Script = MastodonServerScript

    static func setAge(_ path: String, days: Double) {
        let seconds = time(nil) - Int(days * 86_400)
        var times = [timeval(tv_sec: seconds, tv_usec: 0), timeval(tv_sec: seconds, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
    }

    @Test func aFreshCacheIsUsedWithoutAskingTheServerAndAStaleOneIsReadAgain() async throws {
        try await HTTPTestServer.with(.init(routes: Script.routes())) { server in
            let folder = TemporaryFolder("mastodon-cache")
            let first = Script.destination(server, folder: folder)
            _ = try await first.deliver(try first.prepare(ShareRequest(content: Script.content())))
            #expect(server.received.filter { $0.path == "/api/v2/instance" }.count == 1)

            let fresh = Script.destination(server, folder: folder)
            let prepared = try fresh.prepare(ShareRequest(content: Script.content()))
            #expect(prepared.fields.first?.value == "500 characters, alt text 1500 (the server's, cached)")
            _ = try await fresh.deliver(prepared)
            #expect(server.received.filter { $0.path == "/api/v2/instance" }.count == 1, "read once")

            let file = folder.file("cache/sharevia/mastodon/127.0.0.1_\(server.port).json")
            Self.setAge(file, days: 2)
            let stale = Script.destination(server, folder: folder)
            _ = try await stale.deliver(try stale.prepare(ShareRequest(content: Script.content())))
            #expect(server.received.filter { $0.path == "/api/v2/instance" }.count == 2, "read again after a day")
        }
    }

    @Test func aCacheFileOverTheCapOrDamagedIsIgnored() throws {
        let folder = TemporaryFolder("mastodon-cache-cap")
        let environment = Script.environment(folder)
        let cache = MastodonLimitsCache(environment: environment)
        let origin = HTTPURLOrigin(try MastodonInstanceAddress("mastodon.example"))
        let limits = #"{"configuration":{"statuses":{"max_characters":900}}}"#
        cache.write(Array(limits.utf8), for: origin)
        #expect(cache.entry(for: origin)?.limits.maximumCharacters == 900)
        #expect(cache.entry(for: origin)?.isStale == false)
        let path = try #require(cache.file(for: origin))
        #expect(path == folder.file("cache/sharevia/mastodon/mastodon.example.json"))
        let padded = limits + String(repeating: " ", count: MastodonInstanceLimits.maximumAnswerBytes)
        try Data(padded.utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.entry(for: origin) == nil)
        try Data("{\"configuration\":{\"statuses\":{\"max_characters\":\"many\"}}}".utf8).write(
            to: URL(fileURLWithPath: path)
        )
        #expect(cache.entry(for: origin) == nil)
    }
}
