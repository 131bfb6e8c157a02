import Accounts
import ShareCore
import Testing

/// The account store's codes keep their stable text (tests, `--json` and the command line's advice
/// read it), each code its own.
@Suite struct AccountStoreErrorCodeTests {
    @Test func codesKeepTheirText() {
        let codes: [AccountStoreError.Code] = [
            .damaged, .unsafeFile, .invalidAccount, .invalidToken, .noSuchAccount, .ambiguousAccount, .tokenMissing,
            .keyringUnavailable, .fileSystem, .busy,
        ]
        #expect(
            codes.map(\.description) == [
                "accounts-file-damaged", "unsafe-file", "invalid-account", "invalid-token", "no-such-account",
                "ambiguous-account", "token-missing", "keyring-unavailable", "file-system", "busy",
            ]
        )
        #expect(Set(codes).count == codes.count)
        #expect(AccountStoreError(.busy, "locked").code == .busy)
    }
}
