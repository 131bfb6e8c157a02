import AtomicFiles
import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where sharevia keeps the accounts it is signed in to and their tokens.
///
/// - The records (``Account``: network, name, server, id, where the token is) go to the
///   accounts file (``AccountsFile``) in the state folder (``StateFolder``).
/// - A token goes to the desktop keyring through the Secret Service (``SecretServiceKeyring``).
///   Where none answers (no session bus, no service on it, no answer in time), it goes to an
///   owner-only file `tokens/NETWORK-NAME` in the state folder instead, and ``save(account:token:)``
///   says so in its ``Saved/notice``.
///
/// A sign-in command calls ``save(account:token:)`` once it has checked the token; a posting
/// destination finds the account with ``account(network:named:)`` and reads ``token(for:)``;
/// `sharevia logout` calls ``remove(_:)``. Changes to the accounts file are made under an
/// exclusive lock on the state folder, so two sharevia processes never lose each other's.
package struct AccountStore: Sendable {
    /// Where the store keeps things.
    package struct Configuration: Sendable {
        /// The state folder's path.
        package var stateFolder: String
        /// The keyring to use, or nil to keep tokens in files only.
        package var keyring: SecretServiceKeyring?
        /// Why ``keyring`` is nil, for the notice of a token written to a file.
        package var keyringProblem: String?
        /// How long to wait for another sharevia's lock on the accounts file.
        package var lockTimeout: Duration

        package init(
            stateFolder: String,
            keyring: SecretServiceKeyring? = SecretServiceKeyring(),
            keyringProblem: String? = nil,
            lockTimeout: Duration = .seconds(5)
        ) {
            self.stateFolder = stateFolder
            self.keyring = keyring
            self.keyringProblem = keyringProblem
            self.lockTimeout = lockTimeout
        }

        /// The folder `$XDG_STATE_HOME/sharevia` (or `~/.local/state/sharevia`), and the keyring
        /// when the environment names a session bus.
        /// - Throws: ``AccountStoreError`` (`fileSystem`) when neither variable is set.
        package static func standard(environment: ShareEnvironment) throws(AccountStoreError) -> Configuration {
            guard let folder = StateFolder.path(environment: environment) else {
                throw AccountStoreError(
                    .fileSystem,
                    "no state folder: neither XDG_STATE_HOME nor HOME is set to an absolute path"
                )
            }
            let problem = SecretServiceKeyring.busProblem(environment: environment)
            return Configuration(
                stateFolder: folder,
                keyring: problem == nil ? SecretServiceKeyring() : nil,
                keyringProblem: problem
            )
        }
    }

    /// What ``save(account:token:)`` did.
    package struct Saved: Sendable, Hashable {
        /// The record as saved, with where its token went.
        package var account: Account
        /// The token file, when the token went to one.
        package var tokenFile: String?
        /// Set when the token went to a file: which file, and why no keyring took it. A
        /// command prints it.
        package var notice: String?
    }

    /// What ``remove(_:)`` did.
    package struct Removed: Sendable, Hashable {
        /// The record removed.
        package var account: Account
        /// True when the keyring held a token for it and it was removed; false when it held
        /// none; nil when the keyring was not asked (the token was in a file).
        package var keyringItemRemoved: Bool?
        /// The token file removed, if there was one.
        package var tokenFileRemoved: String?
    }

    /// The longest token accepted.
    package static let maximumTokenBytes = 16384

    package let configuration: Configuration

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The accounts file's path.
    package var accountsFile: String { configuration.stateFolder + "/" + AccountsFile.name }

    /// The path of the token file of `account` (whether or not it exists).
    package func tokenFile(for account: Account) -> String {
        configuration.stateFolder + "/" + Self.tokensFolder + "/" + Self.tokenFileName(account)
    }

    /// The accounts signed in, sorted by network and name; empty when there is no accounts file.
    /// - Throws: ``AccountStoreError``: `damaged` for a file that can't be read as one,
    ///   `unsafeFile` for a file or folder others can reach.
    package func accounts() throws(AccountStoreError) -> [Account] {
        guard let folder = try StateFolder.open(configuration.stateFolder, create: false) else { return [] }
        return try Self.sorted(read(in: folder))
    }

    /// The account of `network` named `name` (compared without case), or its only account when
    /// `name` is nil.
    /// - Throws: ``AccountStoreError``: `noSuchAccount`, `ambiguousAccount` (several and no
    ///   name), or what ``accounts()`` throws.
    package func account(network: AccountNetwork, named name: String?) throws(AccountStoreError) -> Account {
        let candidates = try accounts().filter { $0.network == network }
        let names = candidates.map(\.name).joined(separator: ", ")
        guard let name else {
            if candidates.count == 1 { return candidates[0] }
            if candidates.isEmpty {
                throw AccountStoreError(.noSuchAccount, "no \(network.displayName) account is signed in")
            }
            throw AccountStoreError(
                .ambiguousAccount,
                "\(candidates.count) \(network.displayName) accounts are signed in (\(names)); name one"
            )
        }
        guard let found = candidates.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            let known = candidates.isEmpty ? "none is" : "signed in: \(names)"
            throw AccountStoreError(.noSuchAccount, "no \(network.displayName) account \(name) is signed in (\(known))")
        }
        return found
    }

    /// Saves the account and its token, replacing the record and token of the same network
    /// and name, if any.
    ///
    /// 1. The token goes to the keyring, when one is configured and answers.
    /// 2. Otherwise it goes to `tokens/NETWORK-NAME` (mode 0600, folder 0700), written
    ///    atomically, and ``Saved/notice`` says where and why.
    /// 3. The record, with where the token is, replaces the one of the same network and name
    ///    (compared without case; a token kept under the old spelling is removed) or joins the
    ///    others in the accounts file. If writing it fails, the token just stored is removed again.
    ///
    /// The ``Account/token`` of `account` is ignored: the store decides it.
    /// - Throws: ``AccountStoreError``: `invalidAccount`, `invalidToken`, `damaged` (the
    ///   accounts file can't be read, so it is not overwritten), `unsafeFile`, `fileSystem`, `busy`.
    @discardableResult
    package func save(account: Account, token: Secret) throws(AccountStoreError) -> Saved {
        var account = try account.validated()
        try Self.check(token)
        guard let folder = try StateFolder.open(configuration.stateFolder, create: true) else {
            throw AccountStoreError(.fileSystem, "can't create the folder \(configuration.stateFolder)")
        }
        try lock(folder)
        var accounts = try read(in: folder)
        let previous = accounts.firstIndex { Self.same($0, account) }
        var saved = Saved(account: account)
        let fallbackReason: String
        switch configuration.keyring.map({ $0.store(token, network: account.network, account: account.name) }) {
        case .success?:
            account.token = .keyring
            fallbackReason = ""
        case .failure(let failure)?:
            account.token = .file
            fallbackReason = failure.reason
        case nil:
            account.token = .file
            fallbackReason = configuration.keyringProblem ?? "no keyring is configured"
        }
        if account.token == .file {
            let path = try writeTokenFile(token, for: account, in: folder)
            saved.tokenFile = path
            saved.notice =
                "the token is in the owner-only file \(path), not in a keyring: \(fallbackReason)"
        } else if let tokens = try StateFolder.open(Self.tokensFolder, in: folder, create: false) {
            // An older sign-in may have left a file; the keyring has the token now.
            _ = try? PrivateFile.remove(Self.tokenFileName(account), in: tokens)
        }
        saved.account = account
        if let previous {
            // The same account under other letters: its old keyring item or file must not stay behind.
            let old = accounts[previous]
            if old.name != account.name { _ = try? forgetToken(of: old, in: folder) }
            accounts[previous] = account
        } else {
            accounts.append(account)
        }
        do {
            try PrivateFile.write(AccountsFile.encode(accounts), as: AccountsFile.name, in: folder)
        } catch {
            _ = try? forgetToken(of: account, in: folder)
            throw error
        }
        return saved
    }

    /// The token of `account`, from where its record says it is.
    /// - Throws: ``AccountStoreError``: `tokenMissing` when it is not there,
    ///   `keyringUnavailable` when the keyring holding it can't be reached or refuses,
    ///   `unsafeFile` for a token file others can read.
    package func token(for account: Account) throws(AccountStoreError) -> Secret {
        let missing = AccountStoreError(
            .tokenMissing,
            "the token of the \(account.network.displayName) account \(account.name) is not in the \(account.token == .keyring ? "keyring" : "file \(tokenFile(for: account))")"
        )
        switch account.token {
        case .keyring:
            switch try keyring(for: account).lookup(network: account.network, account: account.name) {
            case .success(let token?): return token
            case .success(nil): throw missing
            case .failure(let failure): throw Self.unavailable(failure, account)
            }
        case .file:
            guard let folder = try StateFolder.open(configuration.stateFolder, create: false),
                let tokens = try StateFolder.open(Self.tokensFolder, in: folder, create: false),
                let bytes = try PrivateFile.read(
                    Self.tokenFileName(account),
                    in: tokens,
                    limit: Self.maximumTokenBytes,
                    tooLarge: { limit in
                        AccountStoreError(
                            .invalidToken,
                            "the token file \(tokenFile(for: account)) is over \(limit) bytes"
                        )
                    }
                )
            else { throw missing }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw AccountStoreError(.invalidToken, "the token file \(tokenFile(for: account)) is not UTF-8 text")
            }
            let token = Secret(text)
            try Self.check(token)
            return token
        }
    }

    /// Forgets `account`: its token (in the keyring or its file), then its record.
    ///
    /// A token in a keyring that can't be reached is not forgotten, and neither is the record,
    /// so nothing is left behind unlisted: the call throws `keyringUnavailable` and can be
    /// repeated once the keyring answers.
    /// - Throws: ``AccountStoreError``: `noSuchAccount`, `keyringUnavailable`, or what
    ///   ``accounts()`` throws.
    @discardableResult
    package func remove(_ account: Account) throws(AccountStoreError) -> Removed {
        guard let folder = try StateFolder.open(configuration.stateFolder, create: false) else {
            throw AccountStoreError(
                .noSuchAccount,
                "no \(account.network.displayName) account \(account.name) is signed in"
            )
        }
        try lock(folder)
        var accounts = try read(in: folder)
        guard let index = accounts.firstIndex(where: { Self.same($0, account) }) else {
            throw AccountStoreError(
                .noSuchAccount,
                "no \(account.network.displayName) account \(account.name) is signed in"
            )
        }
        let record = accounts[index]
        var removed = try forgetToken(of: record, in: folder)
        accounts.remove(at: index)
        try PrivateFile.write(AccountsFile.encode(accounts), as: AccountsFile.name, in: folder)
        removed.account = record
        return removed
    }

    // MARK: Inside

    static let tokensFolder = "tokens"

    static func tokenFileName(_ account: Account) -> String { "\(account.network.rawValue)-\(account.name)" }

    private static func same(_ left: Account, _ right: Account) -> Bool {
        left.network == right.network && left.name.lowercased() == right.name.lowercased()
    }

    private static func sorted(_ accounts: [Account]) -> [Account] {
        accounts.sorted { ($0.network, $0.name.lowercased()) < ($1.network, $1.name.lowercased()) }
    }

    private static func check(_ token: Secret) throws(AccountStoreError) {
        let bytes = token.revealed().utf8
        guard !bytes.isEmpty, bytes.count <= maximumTokenBytes else {
            throw AccountStoreError(.invalidToken, "a token must be 1 to \(maximumTokenBytes) bytes")
        }
        guard !bytes.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
            throw AccountStoreError(.invalidToken, "a token must not hold a NUL or a line break")
        }
    }

    private static func unavailable(_ failure: SecretServiceKeyring.Failure, _ account: Account) -> AccountStoreError {
        AccountStoreError(
            .keyringUnavailable,
            "the token of the \(account.network.displayName) account \(account.name) is in the keyring, "
                + "which can't be used: \(failure.reason)"
        )
    }

    private func keyring(for account: Account) throws(AccountStoreError) -> SecretServiceKeyring {
        guard let keyring = configuration.keyring else {
            throw Self.unavailable(
                .init(unreachable: true, reason: configuration.keyringProblem ?? "no keyring is configured"),
                account
            )
        }
        return keyring
    }

    private func read(in folder: borrowing OpenFolder) throws(AccountStoreError) -> [Account] {
        let path = accountsFile
        guard
            let bytes = try PrivateFile.read(
                AccountsFile.name,
                in: folder,
                limit: AccountsFile.maximumBytes,
                tooLarge: { _ in AccountsFile.tooLarge(path: path) }
            )
        else { return [] }
        return try AccountsFile.parse(bytes, path: path)
    }

    private func writeTokenFile(
        _ token: Secret,
        for account: Account,
        in folder: borrowing OpenFolder
    )
        throws(AccountStoreError) -> String
    {
        guard let tokens = try StateFolder.open(Self.tokensFolder, in: folder, create: true) else {
            throw AccountStoreError(.fileSystem, "can't create \(folder.path)/\(Self.tokensFolder)")
        }
        try PrivateFile.write(Array(token.revealed().utf8), as: Self.tokenFileName(account), in: tokens)
        return tokenFile(for: account)
    }

    /// Removes the token of `record` from its keyring (when it is there) and its file.
    private func forgetToken(of record: Account, in folder: borrowing OpenFolder) throws(AccountStoreError) -> Removed {
        var removed = Removed(account: record)
        if record.token == .keyring {
            switch try keyring(for: record).clear(network: record.network, account: record.name) {
            case .success(let found): removed.keyringItemRemoved = found
            case .failure(let failure): throw Self.unavailable(failure, record)
            }
        }
        if let tokens = try StateFolder.open(Self.tokensFolder, in: folder, create: false),
            try PrivateFile.remove(Self.tokenFileName(record), in: tokens)
        {
            removed.tokenFileRemoved = tokenFile(for: record)
        }
        return removed
    }

    /// Takes the exclusive lock on the state folder, held until the folder is closed.
    private func lock(_ folder: borrowing OpenFolder) throws(AccountStoreError) {
        let deadline = ContinuousClock.now + configuration.lockTimeout
        while flock(folder.descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                throw AccountStoreError(
                    .busy,
                    "another sharevia kept \(folder.path) locked for \(configuration.lockTimeout)"
                )
            }
            usleep(20_000)
        }
    }
}
