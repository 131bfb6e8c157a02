/// Why the account store could not do what was asked: a stable ``code`` and a message in the
/// store's terms (the command line adds what to type).
package struct AccountStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code, for tests and JSON.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String {
            case damaged = "accounts-file-damaged"
            case unsafeFile = "unsafe-file"
            case invalidAccount = "invalid-account"
            case invalidToken = "invalid-token"
            case noSuchAccount = "no-such-account"
            case ambiguousAccount = "ambiguous-account"
            case tokenMissing = "token-missing"
            case keyringUnavailable = "keyring-unavailable"
            case fileSystem = "file-system"
            case busy = "busy"
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The accounts file can't be read as one: not JSON, a bad field, over its size cap.
        package static let damaged = Code(.damaged)
        /// A state file or folder is not a regular file or folder owned by this user, or others can read it.
        package static let unsafeFile = Code(.unsafeFile)
        /// An account record breaks a rule (``Account/validated()``).
        package static let invalidAccount = Code(.invalidAccount)
        /// A token is empty, too long, or holds a NUL or line break.
        package static let invalidToken = Code(.invalidToken)
        /// No account of that network and name.
        package static let noSuchAccount = Code(.noSuchAccount)
        /// Several accounts of the network are signed in and none was named.
        package static let ambiguousAccount = Code(.ambiguousAccount)
        /// The account is listed but its token is not where the record says.
        package static let tokenMissing = Code(.tokenMissing)
        /// The keyring holds the token but could not be reached, or refused.
        package static let keyringUnavailable = Code(.keyringUnavailable)
        /// A system call on the state folder failed.
        package static let fileSystem = Code(.fileSystem)
        /// Another sharevia kept the accounts locked too long.
        package static let busy = Code(.busy)

        package var description: String { kind.rawValue }
    }

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
