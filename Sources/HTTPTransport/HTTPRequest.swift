/// One HTTP request: method, URL, headers and body.
///
/// Headers named here go out as given, in order; the client adds `Content-Type` for the body and
/// nothing else of its own but `User-Agent`. The `Authorization` header (and every value in
/// ``secrets``) never appears in an error or a log of the client.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    package var url: HTTPURL
    package var headers: HTTPHeaders
    package var body: HTTPBody
    /// Values to take out of anything the client reports (tokens, passwords) besides the
    /// `Authorization` header's value, which is always taken out.
    package var secrets: [String]

    package init(
        _ method: HTTPMethod,
        _ url: HTTPURL,
        headers: HTTPHeaders = [:],
        body: HTTPBody = .none,
        secrets: [String] = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.secrets = secrets
    }

    /// Every secret of this request: ``secrets`` and the `Authorization` header's value (whole
    /// and without its scheme, so a bare token is caught too).
    package var allSecrets: [String] {
        var values = secrets
        for value in headers.values(for: "Authorization") {
            values.append(value)
            if let space = value.firstIndex(of: " ") {
                values.append(String(value[value.index(after: space)...]).trimmingSpaces)
            }
        }
        return values.filter { !$0.isEmpty }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
