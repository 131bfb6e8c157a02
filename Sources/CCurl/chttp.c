#include "chttp.h"
#include "ccurl_api.h"

#include <stdlib.h>
#include <string.h>

/// What the callbacks of one transfer share.
typedef struct {
    chttp_result *result;
    const chttp_request *request;
    size_t body_capacity;
    size_t header_capacity;
} transfer;

static int grow(uint8_t **buffer, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity ? *capacity : 4096;
    while (next < needed) next *= 2;
    uint8_t *grown = realloc(*buffer, next);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = next;
    return 1;
}

/// CURLOPT_WRITEFUNCTION: keeps the body, up to the cap. Returning less than given aborts the
/// transfer (CURLE_WRITE_ERROR), so a body over the cap is never read past it.
static size_t write_body(char *data, size_t size, size_t count, void *context) {
    transfer *state = context;
    chttp_result *result = state->result;
    size_t length = size * count;
    if ((long long)(result->body_size + length) > state->request->max_body_bytes) {
        result->body_too_large = 1;
        return 0;
    }
    if (!grow(&result->body, &state->body_capacity, result->body_size + length)) return 0;
    memcpy(result->body + result->body_size, data, length);
    result->body_size += length;
    return length;
}

/// CURLOPT_HEADERFUNCTION: keeps the header lines of the last response (a status line starts
/// over: a 100 Continue comes before the real answer), up to the cap.
static size_t write_header(char *data, size_t size, size_t count, void *context) {
    transfer *state = context;
    chttp_result *result = state->result;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) result->headers_size = 0;
    if ((long long)(result->headers_size + length) > state->request->max_header_bytes) {
        result->headers_too_large = 1;
        return 0;
    }
    if (!grow((uint8_t **)&result->headers, &state->header_capacity, result->headers_size + length + 1)) return 0;
    memcpy(result->headers + result->headers_size, data, length);
    result->headers_size += length;
    result->headers[result->headers_size] = 0;
    return length;
}

/// CURLOPT_DEBUGFUNCTION: counts the request bytes libcurl handed to the connection. libcurl
/// calls it with CURLINFO_HEADER_OUT and CURLINFO_DATA_OUT after each successful send, with the
/// amount actually sent (a body small enough to go out with the headers is split between the
/// two); nothing is printed or kept. The other signals say less: CURLINFO_REQUEST_SIZE counts
/// header bytes only, the read callback reaching its end means libcurl buffered the body, not
/// that it went out, and CURLINFO_PRETRANSFER_TIME only says the connection was ready. TLS
/// handshake bytes come as CURLINFO_SSL_DATA_OUT and are not counted: a failed handshake sent
/// nothing of the request.
static int count_sent(CURL *handle, curl_infotype type, char *data, size_t size, void *context) {
    (void)handle;
    (void)data;
    chttp_result *result = ((transfer *)context)->result;
    if (type == CURLINFO_HEADER_OUT) result->header_bytes_sent += (long long)size;
    if (type == CURLINFO_DATA_OUT) result->body_bytes_sent += (long long)size;
    return 0;
}

void chttp_result_free(chttp_result *result) {
    free(result->body);
    free(result->headers);
    result->body = NULL;
    result->headers = NULL;
}

int chttp_perform(const chttp_request *request, chttp_result *result) {
    memset(result, 0, sizeof *result);
    const ccurl_api *api = ccurl_api_load(result->error, sizeof result->error);
    if (!api) return CHTTP_NO_LIBRARY;
    CURL *curl = api->easy_init();
    if (!curl) {
        strcpy(result->error, "curl_easy_init failed");
        result->curl_code = CURLE_FAILED_INIT;
        return CHTTP_FAILED;
    }
    struct curl_slist *headers = NULL;
    // No "Expect: 100-continue" (libcurl adds it to bodies over 1 MiB and then waits for it).
    const char *fixed[] = {"Expect:"};
    for (size_t i = 0; i < request->header_count + 1; i++) {
        const char *line = i == 0 ? fixed[0] : request->headers[i - 1];
        struct curl_slist *next = api->slist_append(headers, line);
        if (!next) {
            api->slist_free_all(headers);
            api->easy_cleanup(curl);
            strcpy(result->error, "out of memory");
            result->curl_code = CURLE_OUT_OF_MEMORY;
            return CHTTP_FAILED;
        }
        headers = next;
    }
    transfer state = {result, request, 0, 0};
    api->easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
    api->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api->easy_setopt(curl, CURLOPT_URL, request->url);
    api->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, request->protocol);
    api->easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    // HTTP/1.1 only: the sent-or-not accounting below counts bytes handed to the socket, which
    // HTTP/2 would hand to nghttp2's buffers instead.
    api->easy_setopt(curl, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    api->easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    api->easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (request->ca_file) api->easy_setopt(curl, CURLOPT_CAINFO, request->ca_file);
    // A proxy from the environment (https_proxy) is honoured, but never for a loopback server.
    api->easy_setopt(curl, CURLOPT_NOPROXY, "127.0.0.1,::1,localhost");
    api->easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    api->easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    if (request->body_size >= 0) {
        api->easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_size);
        api->easy_setopt(curl, CURLOPT_POSTFIELDS, request->body_size ? (const char *)request->body : "");
    }
    if (strcmp(request->method, "GET") == 0) {
        api->easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    } else if (strcmp(request->method, "POST") != 0 || request->body_size < 0) {
        api->easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request->method);
    }
    api->easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    api->easy_setopt(curl, CURLOPT_WRITEDATA, &state);
    api->easy_setopt(curl, CURLOPT_HEADERFUNCTION, write_header);
    api->easy_setopt(curl, CURLOPT_HEADERDATA, &state);
    api->easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_body_bytes);
    api->easy_setopt(curl, CURLOPT_DEBUGFUNCTION, count_sent);
    api->easy_setopt(curl, CURLOPT_DEBUGDATA, &state);
    api->easy_setopt(curl, CURLOPT_VERBOSE, 1L);
    api->easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    api->easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, ccurl_cancel_progress);
    api->easy_setopt(curl, CURLOPT_XFERINFODATA, (void *)request->cancel);
    api->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    api->easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    CURLcode code = api->easy_perform(curl);
    long status = 0;
    api->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    result->curl_code = (int)code;
    result->status = status;
    long long body = request->body_size > 0 ? request->body_size : 0;
    if (result->header_bytes_sent == 0 && result->body_bytes_sent == 0) {
        result->sent = CHTTP_SENT_NOTHING;
    } else if (result->header_bytes_sent > 0 && result->body_bytes_sent >= body) {
        result->sent = CHTTP_SENT_ALL;
    } else {
        result->sent = CHTTP_SENT_PART;
    }
    if (code == CURLE_FILESIZE_EXCEEDED) result->body_too_large = 1;
    if (code != CURLE_OK && result->error[0] == 0) {
        strncpy(result->error, api->easy_strerror(code), sizeof result->error - 1);
    }
    api->easy_cleanup(curl);
    api->slist_free_all(headers);
    return code == CURLE_OK ? CHTTP_OK : CHTTP_FAILED;
}
