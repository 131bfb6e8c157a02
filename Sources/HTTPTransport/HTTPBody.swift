/// What a request carries.
package enum HTTPBody: Sendable {
    /// No body (a GET).
    case none
    /// Raw bytes of one content type, such as an image for a blob upload or a JSON document.
    case bytes([UInt8], contentType: String)
    /// A `multipart/form-data` form: fields and files, sent byte for byte.
    case multipart(MultipartForm)

    /// A JSON document's bytes.
    package static func json(_ bytes: [UInt8]) -> HTTPBody { .bytes(bytes, contentType: "application/json") }

    /// The bytes to send and their `Content-Type`, or nil for no body.
    package func encoded() -> (bytes: [UInt8], contentType: String)? {
        switch self {
        case .none: return nil
        case .bytes(let bytes, let contentType): return (bytes, contentType)
        case .multipart(let form):
            let boundary = form.boundary()
            return (form.encoded(boundary: boundary), "multipart/form-data; boundary=\(boundary)")
        }
    }
}
