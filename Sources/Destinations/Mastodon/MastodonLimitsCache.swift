import AtomicFiles
import HTTPTransport
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each server's `/api/v2/instance` answer, kept in `$XDG_CACHE_HOME/sharevia/mastodon/`
/// (`~/.cache/sharevia/mastodon/` by default) as it came, one file per server, so that the next
/// share fits its text to the server's own limits. A file is read up to
/// ``MastodonInstanceLimits/maximumAnswerBytes`` through the same reader as the answer; one older
/// than ``maximumAge`` is still used to fit, and read again from the server at the next post.
package struct MastodonLimitsCache: Sendable {
    /// How long a server's limits are trusted before they are read again: a day.
    package static let maximumAge: Duration = .seconds(86_400)

    /// The cache folder, or nil when neither `XDG_CACHE_HOME` nor `HOME` is set.
    package let folder: String?

    /// The cache of `environment`'s user.
    package init(environment: ShareEnvironment) {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            folder = cache + "/sharevia/mastodon"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/sharevia/mastodon"
        } else {
            folder = nil
        }
    }

    /// What the cache holds for a server: its limits, and whether they are older than a day.
    package struct Entry: Sendable, Hashable {
        /// The limits.
        package var limits: MastodonInstanceLimits
        /// Whether they should be read again from the server.
        package var isStale: Bool
    }

    /// The file for `origin`: `mastodon.social.json`, `127.0.0.1_8080.json`.
    package func file(for origin: HTTPURLOrigin) -> String? {
        folder.map { $0 + "/" + Self.name(origin) }
    }

    /// The limits kept for `origin`, or nil when there are none, or they can't be read.
    package func entry(for origin: HTTPURLOrigin) -> Entry? {
        guard let path = file(for: origin) else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            Int(info.st_size) <= MastodonInstanceLimits.maximumAnswerBytes
        else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
            // A file that grew while read stops one chunk past the cap.
            guard bytes.count <= MastodonInstanceLimits.maximumAnswerBytes else { return nil }
        }
        guard let limits = try? MastodonInstanceLimits.read(bytes) else { return nil }
        let age = time(nil) - info.st_mtim.tv_sec
        return Entry(limits: limits, isStale: age < 0 || age > Int(Self.maximumAge.components.seconds))
    }

    /// Keeps `answer` for `origin`, replacing what was there; a failure only costs the next share
    /// a default limit, so it is ignored.
    package func write(_ answer: [UInt8], for origin: HTTPURLOrigin) {
        guard let folder, answer.count <= MastodonInstanceLimits.maximumAnswerBytes else { return }
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return }
        }
        guard let opened = try? OpenFolder(folder) else { return }
        do {
            let staged = try StagedFile(in: opened, prefix: ".limits-", permissions: 0o600)
            try staged.write(answer)
            try staged.replace(Self.name(origin))
        } catch {
            return
        }
    }

    private static func name(_ origin: HTTPURLOrigin) -> String {
        let safe = origin.hostAndPort.map { byte -> Character in
            let allowed =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D
            return allowed ? Character(Unicode.Scalar(byte)) : "_"
        }
        return String(safe) + ".json"
    }
}

/// A server's scheme, host and port, as the cache names its file.
package struct HTTPURLOrigin: Sendable, Hashable {
    /// `mastodon.social`, `127.0.0.1:8080`, lowercased, as UTF-8.
    package var hostAndPort: [UInt8]

    /// The origin of `address`.
    package init(_ address: MastodonInstanceAddress) {
        let url = address.origin
        hostAndPort = Array((url.host + (url.port.map { ":\($0)" } ?? "")).utf8)
    }
}
