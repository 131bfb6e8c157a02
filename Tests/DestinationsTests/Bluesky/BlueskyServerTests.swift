import Testing

@testable import Destinations

@Suite struct BlueskyServerTests {
    @Test func readsHTTPSServersAndLoopbackTestServers() throws {
        #expect(
            BlueskyServer.standard.endpoint("com.atproto.repo.uploadBlob")
                == "https://bsky.social/xrpc/com.atproto.repo.uploadBlob"
        )
        #expect(try BlueskyServer("https://PDS.Example.com/").description == "https://pds.example.com")
        #expect(try BlueskyServer("https://pds.example.com:8443").port == 8443)
        #expect(try BlueskyServer("http://127.0.0.1:2583").endpoint("x.y.z") == "http://127.0.0.1:2583/xrpc/x.y.z")
        #expect(try BlueskyServer("http://localhost:2583").host == "localhost")
        #expect(try BlueskyServer("http://[::1]:2583").description == "http://[::1]:2583")
    }

    @Test(arguments: [
        ("http://bsky.social", "plain http"), ("http://192.168.1.5:2583", "plain http"), ("bsky.social", "not a URL"),
        ("ftp://bsky.social", "not an https URL"), ("https://user@bsky.social", "user, path"),
        ("https://bsky.social/xrpc", "user, path"), ("https://bsky.social?x=1", "user, path"),
        ("https://bsky.social:0", "port"), ("https://bsky.social:99999", "port"), ("https://", "host"),
        ("https://-bad-.example", "host"), ("https://exa mple.com", "host"),
    ])
    func refusesWhatIsNotAnHTTPSServer(_ address: String, _ reason: String) {
        do {
            _ = try BlueskyServer(address)
            Issue.record("accepted \(address)")
        } catch {
            #expect(error.field == "bluesky.pds" && error.message.contains(reason), "\(address): \(error.message)")
        }
    }
}
