import Foundation

/// The greylisting listener of the private Postfix that `scripts/postfix-test.sh` starts: Postfix
/// asks a private postgrey at RCPT, so a sender/recipient pair it has not seen gets
/// `450 4.2.0 <rcpt>: Recipient address rejected: Greylisted, ...`, and the same pair tried again
/// ``delay`` or more later is accepted. Mail goes to the same Maildirs as ``PostfixTestServer``'s.
///
/// A test gets a triplet of its own by using a sender address no other test uses.
package struct GreylistingPostfix: Sendable {
    /// The greylisting listener's port on 127.0.0.1.
    package var port: Int
    /// How long postgrey keeps a new triplet waiting (its `--delay`).
    package var delay: Duration
    /// The rest of the private Postfix (its Maildirs).
    package var server: PostfixTestServer

    /// The variable `scripts/postfix-test.sh` prints for the listener.
    package static let portVariable = "SHAREVIA_TEST_POSTFIX_GREYLIST_PORT"

    /// True when the private Postfix was started with its greylisting listener.
    package static var isConfigured: Bool {
        PostfixTestServer.isConfigured && ProcessInfo.processInfo.environment[portVariable] != nil
    }

    /// The listener's settings, from the environment `scripts/test.sh` exports.
    package static func current() throws -> GreylistingPostfix {
        let environment = ProcessInfo.processInfo.environment
        guard let port = environment[portVariable].flatMap(Int.init),
            let seconds = environment["SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY"].flatMap(Int.init)
        else {
            throw SMTPTestServer.StartFailure(
                description:
                    "\(portVariable) or SHAREVIA_TEST_POSTFIX_GREYLIST_DELAY is not set: run the tests with scripts/test.sh, or start scripts/postfix-test.sh start DIR and export what it prints"
            )
        }
        return GreylistingPostfix(port: port, delay: .seconds(seconds), server: try PostfixTestServer.current())
    }

    /// `smtp://127.0.0.1:PORT`.
    package var url: String { PostfixTestServer.url(port) }
}
