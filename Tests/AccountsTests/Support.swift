import Accounts
import Foundation
import ShareCore
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A Mastodon account with this name, for tests.
func mastodon(_ name: String = "alice@example.social") -> Account {
    Account(network: .mastodon, name: name, server: "https://example.social", id: "109348")
}

/// A Bluesky account with this handle, for tests.
func bluesky(_ handle: String = "alice.bsky.social") -> Account {
    Account(network: .bluesky, name: handle, server: "https://bsky.social", id: "did:plc:7iza6de2dwap2sbkpav7c6c6")
}

/// A fresh token no file or output holds by chance.
func canary() -> String { "CANARY-keyring-\(UInt64.random(in: 1...UInt64.max))" }

/// A store in `folder/state` that never asks a keyring.
func fileOnlyStore(_ folder: TemporaryFolder) -> AccountStore {
    AccountStore(
        configuration: .init(stateFolder: folder.file("state"), keyring: nil, keyringProblem: "no keyring in this test")
    )
}

/// The paths of the files under `path` whose bytes contain `needle`.
func files(under path: String, containing needle: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
    var found: [String] = []
    for case let name as String in walker {
        let file = path + "/" + name
        if let data = FileManager.default.contents(atPath: file), data.range(of: Data(needle.utf8)) != nil {
            found.append(file)
        }
    }
    return found
}

/// The permission bits of `path` (without following a symlink).
func mode(_ path: String) -> Int {
    var info = stat()
    guard lstat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o777)
}

/// In an exit test's child: stops it with status 2 and `message` on stderr unless `condition`.
func demand(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("demand failed: \(message())\n".utf8))
        exit(2)
    }
}
