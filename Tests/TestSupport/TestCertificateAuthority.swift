import Foundation
import ProcessRunning

/// A throwaway certificate authority made with `openssl` for one test, and a server certificate
/// it signed for `localhost` and `127.0.0.1`.
package struct TestCertificateAuthority: Sendable {
    /// The CA's certificate (PEM): what a client must trust.
    package var caCertificate: String
    /// The server's certificate and key (PEM).
    package var serverCertificate: String
    package var serverKey: String

    /// Makes the CA and the server certificate in `folder`.
    package static func make(in folder: TemporaryFolder) async throws -> TestCertificateAuthority {
        let openssl = try RequiredTools.path("openssl")
        let ca = folder.file("ca.pem")
        let caKey = folder.file("ca.key")
        let key = folder.file("server.key")
        let request = folder.file("server.csr")
        let certificate = folder.file("server.pem")
        let extensions = try folder.write(
            Data("subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n".utf8),
            named: "server.ext"
        )
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", caKey,
                "-out", ca, "-days", "2", "-subj", "/CN=sharevia test CA",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out",
                request, "-subj", "/CN=localhost",
            ],
            [
                "x509", "-req", "-in", request, "-CA", ca, "-CAkey", caKey, "-CAcreateserial", "-out", certificate,
                "-days", "2", "-extfile", extensions,
            ],
        ]
        for step in steps {
            let output = try await ProcessRunner().run(openssl, arguments: step, timeout: .seconds(30))
            guard output.exitStatus == 0 else {
                throw MailCheck.CheckFailure(
                    description: "openssl \(step[0]) failed: \(String(decoding: output.standardError, as: UTF8.self))"
                )
            }
        }
        return TestCertificateAuthority(caCertificate: ca, serverCertificate: certificate, serverKey: key)
    }
}
