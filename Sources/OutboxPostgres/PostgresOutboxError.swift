import PostgresNIO
import ShareCore
import ShareHistory

/// Why the PostgreSQL outbox could not do what it was asked: a stable code, what happened and what to do, and
/// the server's own words when it said something. Never holds a connection string's password: every message
/// passes through the store's ``SecretRedactor`` (and URLs in it lose their credentials).
package struct PostgresOutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is (its codes are below), such as `newer-schema`.
    package typealias Code = StableErrorCode<PostgresOutboxError>

    /// What kind of problem this is.
    package var code: Code
    /// What happened and what to do, in one line.
    package var message: String
    /// The server's own message, when it sent one (quoted in ``description``).
    package var serverWords: String?
    /// The server's SQLSTATE (such as `28P01`, a wrong password), when it sent one.
    package var sqlState: String?

    /// An error with its code and message, and the server's words and SQLSTATE when it sent them.
    package init(_ code: Code, _ message: String, serverWords: String? = nil, sqlState: String? = nil) {
        self.code = code
        self.message = message
        self.serverWords = serverWords
        self.sqlState = sqlState
    }

    /// `postgres outbox: MESSAGE: the server said "WORDS" (SQLSTATE)`, on one line.
    package var description: String {
        var line = "postgres outbox: \(message)"
        if let serverWords { line += ": the server said \"\(serverWords)\"" }
        if let sqlState { line += " (SQLSTATE \(sqlState))" }
        return line
    }

    /// The error `error` as the outbox reports it, `doing` saying what was being done, every secret
    /// `redactor` knows taken out.
    static func from(_ error: any Error, doing: String, redactor: SecretRedactor) -> PostgresOutboxError {
        if let known = error as? PostgresOutboxError { return known.redacted(by: redactor) }
        if let transaction = error as? PostgresTransactionError {
            let cause = transaction.closureError ?? transaction.beginError ?? transaction.commitError
            if let cause { return from(cause, doing: doing, redactor: redactor) }
        }
        guard let psql = error as? PSQLError else {
            return PostgresOutboxError(.server, "\(doing): \(error)").redacted(by: redactor)
        }
        if let info = psql.serverInfo {
            return PostgresOutboxError(
                .server,
                doing,
                serverWords: info[.message].map { OutboxBackendSupport.words($0) },
                sqlState: info[.sqlState]
            ).redacted(by: redactor)
        }
        if psql.code == .authMechanismRequiresPassword {
            return PostgresOutboxError(.passwordMissing, "\(doing): the server asks for a password and none was given")
                .redacted(by: redactor)
        }
        var message = "\(doing): \(psql.code)"
        if let underlying = psql.underlying { message += ": \(underlying)" }
        return PostgresOutboxError(.connection, message).redacted(by: redactor)
    }

    /// The error with every known secret (and any URL's credentials) taken out of its words.
    func redacted(by redactor: SecretRedactor) -> PostgresOutboxError {
        PostgresOutboxError(
            code,
            redactor.redact(message),
            serverWords: redactor.redact(serverWords),
            sqlState: sqlState
        )
    }
}

extension StableErrorCode where Owner == PostgresOutboxError {
    /// The database could not be reached, or the connection broke (the request may not have been done).
    package static var connection: Self { Self("connection") }
    /// The server asks for a password, and the connection had none.
    package static var passwordMissing: Self { Self("password-missing") }
    /// The server refused or failed a statement: see ``PostgresOutboxError/serverWords`` and its SQLSTATE.
    package static var server: Self { Self("server") }
    /// The database's outbox schema is newer than this sharevia knows; nothing was changed.
    package static var newerSchema: Self { Self("newer-schema") }
    /// The request can't be queued (a field breaks a rule, a flag holds credentials, no transaction to join).
    package static var invalidRequest: Self { Self("invalid-request") }
    /// The request or an attachment is over a cap in ``OutboxLimits``.
    package static var tooLarge: Self { Self("too-large") }
    /// A row holds values sharevia never writes.
    package static var damaged: Self { Self("damaged") }
}
