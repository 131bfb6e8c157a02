import HTTPTransport
import ShareCore
import TestSupport
import Testing

/// How a request is written: multipart bodies, and which secrets are kept out of errors.
@Suite struct RequestEncodingTests {
    @Test func multipartBodiesAreWrittenExactly() {
        let form = MultipartForm([
            .field(name: "status", value: "héllo"),
            .file(name: "file", fileName: "a\"b\r\n.png", contentType: "image/png", bytes: [0, 13, 10, 255]),
        ])
        let body = form.encoded(boundary: "B")
        let expected: [UInt8] =
            Array("--B\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\nhéllo\r\n".utf8)
            + Array(
                "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22b%0D%0A.png\"\r\nContent-Type: image/png\r\n\r\n"
                    .utf8
            ) + [0, 13, 10, 255] + Array("\r\n--B--\r\n".utf8)
        #expect(body == expected)
    }

    @Test func theBoundaryNeverOccursInAPart() {
        // The generator's first boundary is put inside the file: the form must draw another.
        var probe = SeededGenerator(seed: 7)
        let first = MultipartForm().boundary(using: &probe)
        let form = MultipartForm([
            .file(
                name: "file",
                fileName: "x",
                contentType: "application/octet-stream",
                bytes: Array("..\(first)..".utf8)
            )
        ])
        var generator = SeededGenerator(seed: 7)
        let boundary = form.boundary(using: &generator)
        #expect(boundary != first)
        #expect(boundary.hasPrefix("sharevia-") && boundary.count == 41)
    }

    @Test func theAuthorizationHeaderAndItsTokenAreSecrets() throws {
        let request = HTTPRequest(
            .get,
            try HTTPURL("https://example.org/"),
            headers: ["authorization": "Bearer tok-123"],
            secrets: ["app-password"]
        )
        #expect(Set(request.allSecrets) == ["app-password", "Bearer tok-123", "tok-123"])
    }
}
