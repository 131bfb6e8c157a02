@_spi(Fuzzing) import Destinations

/// `http-answer`: a server's answer from any bytes (two bytes of status, a header block, a NUL,
/// a body). The header parser, the rate-limit reset, the time parsers and writer, the server
/// message and the classifier must hold their invariants: fields are tokens within the cap,
/// resets are finite and never in the past, a time written reads back, a quoted message is
/// within its cap without control characters, every non-2xx status gives an error, and no
/// error text holds the Authorization header's token.
@_cdecl("sharevia_fuzz_http_answer")
public func fuzzHTTPAnswer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let broken = HTTPAnswerFuzzing.read(fuzzBytes(start, count))
    check(broken.isEmpty, broken.joined(separator: "; "))
    return 0
}
