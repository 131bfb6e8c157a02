/// What a server answered: the status, the header fields and the body (at most the client's
/// ``HTTPClient/Configuration/maxResponseBytes``).
package struct HTTPResponse: Sendable, Hashable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// True for 200 to 299.
    package var isSuccess: Bool { (200..<300).contains(status) }
}
