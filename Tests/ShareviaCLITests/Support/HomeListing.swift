import Foundation
import ProcessRunning

/// Everything under a folder as one text: each entry's type, mode and path, then each regular
/// file's SHA-256 (`sha256sum`), sorted, so two listings are equal exactly when the folders are.
enum HomeListing {
    static func of(_ folder: String) async throws -> String {
        let script = """
            cd "$1" || exit 1
            LC_ALL=C find . -mindepth 1 -printf '%y %m %p\\n' | LC_ALL=C sort
            LC_ALL=C find . -type f -print0 | LC_ALL=C sort -z | xargs -0r sha256sum
            """
        let output = try await ProcessRunner().run("/bin/bash", arguments: ["-c", script, "bash", folder])
        guard output.succeeded else { throw ListingFailure(text: output.errorText) }
        return String(decoding: output.standardOutput, as: UTF8.self)
    }

    struct ListingFailure: Error {
        var text: String
    }
}
