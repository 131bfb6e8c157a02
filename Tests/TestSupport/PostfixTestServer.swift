import Foundation

/// The private Postfix that `scripts/test.sh` starts with `scripts/postfix-test.sh` on loopback
/// ports, read from the environment it exports.
///
/// Mail for `alice@sharevia.test` and `bob@sharevia.test` is delivered into Maildirs under
/// ``mailFolder``; any other user there gets `550 5.1.1 ... User unknown in virtual mailbox table`.
/// ``smallPort`` announces `SIZE 20000`; ``restrictedPort`` answers every client
/// `554 5.7.1 ... Client host rejected: Access denied`.
package struct PostfixTestServer: Sendable {
    package var port: Int
    package var smallPort: Int
    package var restrictedPort: Int
    package var mailFolder: String

    /// The variable `scripts/test.sh` always sets; tests are enabled by it.
    package static let portVariable = "SHAREVIA_TEST_POSTFIX_PORT"

    /// True when `scripts/test.sh` (or the developer) started the server and exported its ports.
    /// Under `scripts/test.sh` it always is, so a server that is down fails the tests.
    package static var isConfigured: Bool { ProcessInfo.processInfo.environment[portVariable] != nil }

    /// The server's settings.
    package static func current() throws -> PostfixTestServer {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) throws -> String {
            guard let value = environment[name], !value.isEmpty else {
                throw SMTPTestServer.StartFailure(
                    description:
                        "\(name) is not set: run the tests with scripts/test.sh, or start scripts/postfix-test.sh start DIR and export what it prints"
                )
            }
            return value
        }
        func port(_ name: String) throws -> Int {
            guard let port = Int(try value(name)) else {
                throw SMTPTestServer.StartFailure(description: "\(name) is not a port number")
            }
            return port
        }
        return PostfixTestServer(
            port: try port(portVariable),
            smallPort: try port("SHAREVIA_TEST_POSTFIX_SMALL_PORT"),
            restrictedPort: try port("SHAREVIA_TEST_POSTFIX_RESTRICTED_PORT"),
            mailFolder: try value("SHAREVIA_TEST_POSTFIX_MAIL")
        )
    }

    /// `smtp://127.0.0.1:PORT`.
    package static func url(_ port: Int) -> String { "smtp://127.0.0.1:\(port)" }

    /// The path of the message in `user`'s Maildir whose text contains `marker`, waiting up to
    /// `timeout` for Postfix's queue manager to deliver it; nil if it never arrives.
    package func delivered(
        to user: String,
        containing marker: String,
        timeout: Duration = .seconds(30)
    ) async
        -> String?
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let folder = "\(mailFolder)/\(user)/new"
        repeat {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names {
                let path = "\(folder)/\(name)"
                if let data = FileManager.default.contents(atPath: path),
                    String(decoding: data, as: UTF8.self).contains(marker)
                {
                    return path
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
        } while clock.now < deadline
        return nil
    }
}
