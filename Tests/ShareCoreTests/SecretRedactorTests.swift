import ShareCore
import Testing

/// Known secret values are taken out of text by bytes, longest first.
struct SecretRedactorTests {
    @Test func aSecretFollowedByACombiningMarkIsStillTakenOut() {
        let redactor = SecretRedactor([Secret("CANARY-7f3a")])
        // "CANARY-7f3a" + U+0301 is one Character ending in "á"; as a String it would not match.
        #expect(redactor.redact("token CANARY-7f3a\u{301} refused") == "token <redacted>\u{301} refused")
    }

    @Test func aSecretThatHoldsAnotherGoesWhole() {
        let redactor = SecretRedactor([Secret("abcdefgh"), Secret("abcdefgh-long")])
        #expect(redactor.redact("x abcdefgh-long y abcdefgh") == "x <redacted> y <redacted>")
    }

    @Test func urlCredentialsGoToo() {
        #expect(SecretRedactor([]).redact("at smtp://me:pw@host") == "at smtp://<redacted>@host")
    }
}
