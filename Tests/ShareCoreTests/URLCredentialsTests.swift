import ShareCore
import Testing

/// User information is taken out of every URL shown, however the password is typed, and an
/// `@` in a path is left alone.
struct URLCredentialsTests {
    @Test(arguments: [
        ("smtp://bob:secret@host:587", "smtp://<redacted>@host:587"),
        ("smtp://bob:pa/ss@host", "smtp://<redacted>@host"),
        ("smtp://bob:p#w@host:25", "smtp://<redacted>@host:25"),
        ("see https://u:p@h/x and more", "see https://<redacted>@h/x and more"),
        ("https://mastodon.social/@user", "https://mastodon.social/@user"),
        ("https://host:8080/@user", "https://host:8080/@user"),
        ("https://host/path\nmail bob@example.org", "https://host/path\nmail bob@example.org"),
        ("https://host\rbob:x@y", "https://host\rbob:x@y"),
    ])
    func redactsUserInformationOnly(_ text: String, _ shown: String) {
        #expect(URLCredentials.redacted(text) == shown)
    }
}
