import Accounts
import ShareCore

/// The sign-in's readers on arbitrary bytes, for the `mastodon-oauth` fuzz target (`Fuzz/`):
/// the app, token and account answers, and the loopback redirect's request head.
@_spi(Fuzzing)
public enum MastodonOAuthFuzzing {
    /// Reads `bytes` with every reader; returns the invariants broken (empty when all hold). A
    /// reader either reads values within its caps or refuses with an `invalid-answer` that names
    /// the answer.
    public static func read(_ bytes: [UInt8]) -> [String] {
        var broken: [String] = []
        func refused(_ error: MastodonOAuthError, _ what: String) {
            if error.code != .invalidAnswer || !error.message.contains(what) {
                broken.append("\(what) refused as \(error.code): \(error.message)")
            }
        }
        func printable(_ text: String, cap: Int) -> Bool {
            !text.isEmpty && text.utf8.count <= cap && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
        do throws(MastodonOAuthError) {
            let app = try MastodonOAuthAnswers.app(bytes)
            let cap = MastodonOAuthAnswers.maximumCredentialBytes
            if !printable(app.clientID, cap: cap) || !printable(app.clientSecret.revealed(), cap: cap) {
                broken.append("an app credential outside its rule")
            }
        } catch {
            refused(error, "POST /api/v1/apps")
        }
        do throws(MastodonOAuthError) {
            let token = try MastodonOAuthAnswers.token(bytes)
            if !printable(token.accessToken.revealed(), cap: MastodonOAuthAnswers.maximumTokenBytes) {
                broken.append("a token outside its rule")
            }
        } catch {
            refused(error, "POST /oauth/token")
        }
        do throws(MastodonOAuthError) {
            let account = try MastodonOAuthAnswers.account(bytes)
            if !printable(account.id, cap: 256) || Account.nameProblem("\(account.username)@mastodon.example") != nil {
                broken.append("an account that can't be saved: \(account.id) \(account.username)")
            }
        } catch {
            refused(error, "verify_credentials")
        }
        switch MastodonOAuthCallback.read(bytes) {
        case .code(let code, let state):
            for value in [code, state]
            where value.utf8.count > MastodonOAuthCallback.maximumValueBytes
                || value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            {
                broken.append("a callback value outside its rule")
            }
            if code.isEmpty { broken.append("an empty code") }
        case .refused(let error, _, _):
            if error.isEmpty { broken.append("a refusal without its error") }
        case .other:
            break
        }
        return broken
    }
}
