import CCurl
import ProcessRunning
import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// One transfer through `chttp_perform` (Sources/CCurl), on a thread of its own; cancelling the
/// task aborts it within about a second (libcurl's progress callback reads the flag).
struct CurlHTTPTransfer: Sendable {
    var method: HTTPMethod
    var url: HTTPURL
    var headerLines: [String]
    var body: [UInt8]?
    var configuration: HTTPClient.Configuration

    /// What libcurl reported, copied out of C.
    struct Outcome: Sendable {
        var status: Int32
        var curlCode: Int
        var httpStatus: Int
        var sent: Int32
        var bodyTooLarge: Bool
        var headersTooLarge: Bool
        var error: String
        var body: [UInt8]
        var headerBlock: [UInt8]
    }

    func run() async -> Outcome {
        let flag = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let transfer = self
                BlockingThread.start { continuation.resume(returning: transfer.perform(cancel: flag)) }
            }
        } onCancel: {
            flag.cancel()
        }
    }

    private func perform(cancel: CancelFlag) -> Outcome {
        let lines = headerLines.map { strdup($0) }
        defer { for line in lines { free(line) } }
        let pointers: [UnsafePointer<CChar>?] = lines.map { $0.map { UnsafePointer($0) } }
        var result = chttp_result()
        let status = pointers.withUnsafeBufferPointer { headers in
            (body ?? []).withUnsafeBufferPointer { bodyBytes in
                method.rawValue.withCString { methodText in
                    url.description.withCString { urlText in
                        url.scheme.withCString { protocolText in
                            withOptionalCString(configuration.trustedCertificates) { caFile in
                                var request = chttp_request(
                                    method: methodText,
                                    url: urlText,
                                    protocol: protocolText,
                                    headers: headers.baseAddress,
                                    header_count: headers.count,
                                    body: bodyBytes.baseAddress,
                                    body_size: body.map { Int64($0.count) } ?? -1,
                                    ca_file: caFile,
                                    connect_timeout_ms: max(1, configuration.connectTimeout.wholeMilliseconds),
                                    timeout_ms: max(1, configuration.deadline.wholeMilliseconds),
                                    max_body_bytes: Int64(configuration.maxResponseBytes),
                                    max_header_bytes: Int64(configuration.maxHeaderBytes),
                                    cancel: UnsafePointer(cancel.pointer)
                                )
                                return chttp_perform(&request, &result)
                            }
                        }
                    }
                }
            }
        }
        let error = withUnsafeBytes(of: result.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let responseBody = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.body_size)) } ?? []
        let headerBlock =
            result.headers.map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: result.headers_size) {
                    Array(UnsafeBufferPointer(start: $0, count: result.headers_size))
                }
            } ?? []
        chttp_result_free(&result)
        return Outcome(
            status: status,
            curlCode: Int(result.curl_code),
            httpStatus: result.status,
            sent: result.sent,
            bodyTooLarge: result.body_too_large != 0,
            headersTooLarge: result.headers_too_large != 0,
            error: error,
            body: responseBody,
            headerBlock: headerBlock
        )
    }
}

/// An `int` libcurl's progress callback reads, set once when the task is cancelled.
private final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    func cancel() { ccurl_cancel(pointer) }

    deinit { pointer.deallocate() }
}

private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
