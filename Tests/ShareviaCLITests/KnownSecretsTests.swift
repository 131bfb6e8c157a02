import ShareCore
import Testing

@testable import ShareviaCLI

/// The environment's secrets a plugin must not echo: secret-looking names with values long
/// enough to be secrets, from the environment the command was given.
struct KnownSecretsTests {
    @Test func shortValuesAndOtherNamesAreLeftOut() {
        let environment = ShareEnvironment([
            "WEBHOOK_TOKEN": "tok-12345678",
            "TOKENIZERS_PARALLELISM": "false",
            "HOME": "/home/someone-long",
        ])
        let known = RouterSettings.knownSecrets(email: Secret("smtp-pw"), environment: environment)
        #expect(Set(known.map { $0.revealed() }) == ["smtp-pw", "tok-12345678"])
    }
}
