import Accounts
import Testing

/// The accounts file's reader: what it accepts, and a clear error naming the field for what it doesn't.
@Suite struct AccountsFileTests {
    static let path = "/state/sharevia/accounts.json"

    static func parse(_ text: String) throws(AccountStoreError) -> [Account] {
        try AccountsFile.parse(Array(text.utf8), path: path)
    }

    @Test func whatItWritesItReadsBack() throws {
        let accounts = [
            mastodon(), bluesky(),
            Account(network: .mastodon, name: "bob@localhost", server: "http://127.0.0.1:8080", id: "1", token: .file),
        ]
        let bytes = AccountsFile.encode(accounts)
        #expect(try AccountsFile.parse(bytes, path: Self.path) == accounts)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func anEmptyListIsNoAccounts() throws {
        #expect(try Self.parse(#"{"version": 1, "accounts": []}"#).isEmpty)
    }

    @Test(arguments: [
        ("", "it is not JSON"),
        ("{\"version\": 1, \"accounts\": [", "it is not JSON"),
        ("[]", "not a JSON object with a whole-number \"version\""),
        (#"{"accounts": []}"#, "not a JSON object with a whole-number \"version\""),
        (#"{"version": 2, "accounts": []}"#, "its version is 2; this sharevia reads version 1"),
        (#"{"version": 1}"#, "accounts is missing"),
        (#"{"version": 1, "accounts": {}}"#, "accounts has the wrong type"),
        (
            #"{"version":1,"accounts":[{"network":"myspace","name":"a","server":"https://x","id":"1","token":"keyring"}]}"#,
            "accounts[0].network is not valid"
        ),
        (
            #"{"version":1,"accounts":[{"network":"mastodon","server":"https://x","id":"1","token":"keyring"}]}"#,
            "accounts[0].name is missing"
        ),
        (
            #"{"version":1,"accounts":[{"network":"mastodon","name":"a","server":"https://x","id":"1","token":"drawer"}]}"#,
            "accounts[0].token is not valid"
        ),
        (
            #"{"version":1,"accounts":[{"network":"mastodon","name":"a","server":"http://example.social","id":"1","token":"keyring"}]}"#,
            "accounts[0]: the account's server must use https"
        ),
        (
            #"{"version":1,"accounts":[{"network":"mastodon","name":".hidden","server":"https://x","id":"1","token":"file"}]}"#,
            "accounts[0]: the account's name must not start with '.' or '-'"
        ),
        (
            #"{"version":1,"accounts":[{"network":"mastodon","name":"a/b","server":"https://x","id":"1","token":"file"}]}"#,
            "accounts[0]: the account's name may hold only"
        ),
        (
            #"{"version":1,"accounts":[{"network":"bluesky","name":"a","server":"https://x","id":"did plc","token":"file"}]}"#,
            "accounts[0]: the account's id must be"
        ),
        (
            #"{"version":1,"accounts":[{"network":"bluesky","name":"a","server":"https://x","id":"1","token":"file"},{"network":"bluesky","name":"A","server":"https://y","id":"2","token":"file"}]}"#,
            "accounts[1]: bluesky A is listed twice"
        ),
    ])
    func aDamagedFileIsRefusedNamingWhatIsWrong(text: String, problem: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? AccountStoreError else { return false }
            return error.code == .damaged && error.message.hasPrefix("the accounts file \(Self.path) is damaged: ")
                && error.message.contains(problem)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: AccountStoreError.self) { try AccountsFile.parse([0x7B, 0xFF, 0x7D], path: Self.path) }
    }

    @Test func aFileOverItsCapIsRefused() {
        let padding = String(repeating: " ", count: AccountsFile.maximumBytes)
        let text = #"{"version": 1, "accounts": []}"# + padding
        #expect {
            try Self.parse(text)
        } throws: { error in
            (error as? AccountStoreError)?.message.contains("larger than its limit of 64 KiB") == true
        }
    }

    @Test(arguments: [
        ("https://mastodon.social", true), ("https://pds.example.com:8443/", true), ("http://127.0.0.1:3000", true),
        ("http://localhost:3000", true), ("http://example.com", false), ("ftp://x", false), ("https://", false),
        ("https://u:p@x.social", false), ("https://x.social/?q", false), ("https://x.social/#f", false),
        ("https://x .social", false),
    ])
    func serversMustBeHTTPSOrALoopbackTestServer(server: String, accepted: Bool) {
        #expect(
            (Account.serverProblem(server) == nil) == accepted,
            "\(server): \(Account.serverProblem(server) ?? "ok")"
        )
    }
}
