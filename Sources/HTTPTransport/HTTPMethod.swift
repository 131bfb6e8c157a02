/// An HTTP request method.
package struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    package static let get = HTTPMethod(rawValue: "GET")
    package static let post = HTTPMethod(rawValue: "POST")
    package static let put = HTTPMethod(rawValue: "PUT")
    package static let patch = HTTPMethod(rawValue: "PATCH")
    package static let delete = HTTPMethod(rawValue: "DELETE")

    /// True for the methods a server must not act on beyond reading (GET, HEAD): sending one
    /// again can't post twice, so "sent, no answer" is worth a retry for them.
    package var isSafe: Bool { self == .get || rawValue == "HEAD" }

    package var description: String { rawValue }
}
