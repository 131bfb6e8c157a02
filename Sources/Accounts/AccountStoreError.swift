import ShareCore

/// Why the account store could not do what was asked: a stable ``code`` and a message in the
/// store's terms (the command line adds what to type).
package struct AccountStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code, for tests and JSON (its codes are below).
    package typealias Code = StableErrorCode<AccountStoreError>

    /// What went wrong, as a code.
    package var code: Code
    /// One sentence: what happened, in the store's terms.
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }

    static func invalidAccount(_ problem: String) -> Self { Self(.invalidAccount, "the account's \(problem)") }
}

extension StableErrorCode where Owner == AccountStoreError {
    /// The accounts file can't be read as one: not JSON, a bad field, over its size cap.
    package static var damaged: Self { Self("accounts-file-damaged") }
    /// A state file or folder is not a regular file or folder owned by this user, or others can read it.
    package static var unsafeFile: Self { Self("unsafe-file") }
    /// An account record breaks a rule (``Account/validated()``).
    package static var invalidAccount: Self { Self("invalid-account") }
    /// A token is empty, too long, or holds a NUL or line break.
    package static var invalidToken: Self { Self("invalid-token") }
    /// No account of that network and name.
    package static var noSuchAccount: Self { Self("no-such-account") }
    /// Several accounts of the network are signed in and none was named.
    package static var ambiguousAccount: Self { Self("ambiguous-account") }
    /// The account is listed but its token is not where the record says.
    package static var tokenMissing: Self { Self("token-missing") }
    /// The keyring holds the token but could not be reached, or refused.
    package static var keyringUnavailable: Self { Self("keyring-unavailable") }
    /// A system call on the state folder failed.
    package static var fileSystem: Self { Self("file-system") }
    /// Another sharevia kept the accounts locked too long.
    package static var busy: Self { Self("busy") }
}
