#ifndef CHTTP_H
#define CHTTP_H

#include <stddef.h>
#include <stdint.h>

/// One HTTP(S) request through libcurl, loaded with dlopen at the first request (see ccurl.h).
/// Only plain C types cross this header; curl.h stays inside CCurl. The policy (which URLs are
/// allowed, redirects, what a failure means) is the Swift caller's (Sources/HTTPTransport); this
/// file runs one transfer with TLS verification always on, no redirects followed, no signals,
/// and reports exactly how far the request got.

#define CHTTP_OK 0
#define CHTTP_NO_LIBRARY (-1)
#define CHTTP_FAILED (-2)

/// How much of the request left this machine, as libcurl's debug callback saw it handed to the
/// socket (or to TLS): the request headers (CURLINFO_HEADER_OUT) and the body (CURLINFO_DATA_OUT).
#define CHTTP_SENT_NOTHING 0  ///< not one byte of the request: connect, DNS or TLS handshake failed
#define CHTTP_SENT_PART 1     ///< some of it; the server can't have acted on an incomplete request
#define CHTTP_SENT_ALL 2      ///< every header and body byte: the server may have acted on it

typedef struct {
    const char *method;           ///< "GET", "POST", "PUT", "PATCH", "DELETE"
    const char *url;              ///< checked by the caller
    const char *protocol;         ///< the one protocol libcurl may use: "https" or "http"
    const char *const *headers;   ///< "Name: value" lines
    size_t header_count;
    const uint8_t *body;          ///< kept alive by the caller until chttp_perform returns
    long long body_size;          ///< -1: no body
    const char *ca_file;          ///< NULL for the system's CA bundle
    long connect_timeout_ms;
    long timeout_ms;              ///< the whole transfer
    long long max_body_bytes;     ///< the response body cap
    long long max_header_bytes;   ///< the response header cap
    const int *cancel;            ///< read atomically; non-zero aborts the transfer
} chttp_request;

typedef struct {
    int curl_code;                ///< CURLcode, 0 on success
    long status;                  ///< the final response's status, 0 when none came
    int sent;                     ///< CHTTP_SENT_*
    int body_too_large;           ///< 1 when the response body went over max_body_bytes
    int headers_too_large;        ///< 1 when the response headers went over max_header_bytes
    long long header_bytes_sent;  ///< request header bytes handed to the connection
    long long body_bytes_sent;    ///< request body bytes handed to the connection
    char error[512];              ///< libcurl's error text, NUL-terminated (never a header value)
    uint8_t *body;                ///< the response body (malloc'ed; chttp_result_free)
    size_t body_size;
    char *headers;                ///< the final response's header lines as received, NUL-terminated
    size_t headers_size;
} chttp_result;

/// Runs the request. Returns CHTTP_OK when a complete response came back (any status),
/// CHTTP_NO_LIBRARY when libcurl can't be loaded (`result->error` says why), else CHTTP_FAILED.
/// Never prints anything: CURLOPT_VERBOSE is on only so the debug callback counts what was sent.
int chttp_perform(const chttp_request *request, chttp_result *result);

/// Frees what chttp_perform allocated in `result`.
void chttp_result_free(chttp_result *result);

#endif
