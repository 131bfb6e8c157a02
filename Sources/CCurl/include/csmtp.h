#ifndef CSMTP_H
#define CSMTP_H

#include <stddef.h>
#include <stdint.h>

/// SMTP delivery through libcurl, loaded with dlopen("libcurl.so.4") at the first send by the
/// loader CCurl shares with HTTP (ccurl.h), so a program that never sends mail never loads
/// libcurl or its libraries (OpenSSL, libssh2, ...).
/// Only plain C types cross this header; curl.h stays inside CCurl's C files.

#define CSMTP_OK 0
#define CSMTP_NO_LIBRARY (-1)
#define CSMTP_FAILED (-2)

/// What `read` returns to abort the upload (CURL_READFUNC_ABORT).
#define CSMTP_READ_ABORT 0x10000000

/// How the connection is protected, as CURLOPT_USE_SSL takes it.
#define CSMTP_TLS_NONE 0
#define CSMTP_TLS_TRY 1
#define CSMTP_TLS_REQUIRED 3

/// One message to send.
typedef struct {
    const char *url;             ///< smtp://host:port or smtps://host:port
    const char *mail_from;       ///< "<addr>"
    const char *const *recipients;  ///< "<addr>" each
    size_t recipient_count;
    long long message_size;      ///< the message's exact size (SIZE=), or -1 when unknown
    /// Fills `buffer` with up to `size` next bytes of the message (CRLF line endings); returns
    /// how many, 0 at the end, or CSMTP_READ_ABORT to abort the transfer.
    size_t (*read)(char *buffer, size_t size, void *context);
    void *read_context;
    int tls;                     ///< CSMTP_TLS_*
    const char *ca_file;         ///< NULL for the system's CA bundle
    const char *user;            ///< NULL: no AUTH
    const char *password;        ///< NULL: no AUTH
    long connect_timeout_ms;
    long timeout_ms;
    const int *cancel;           ///< read atomically; non-zero aborts the transfer
} csmtp_request;

/// What happened.
typedef struct {
    int curl_code;               ///< CURLcode, 0 on success
    long response_code;          ///< the last SMTP reply code (CURLINFO_RESPONSE_CODE)
    char error[512];             ///< curl's error text (may quote the server), NUL-terminated
    /// The SMTP conversation, NUL-terminated: the envelope commands the client sent (EHLO, MAIL
    /// FROM, RCPT TO, DATA; AUTH as the bare word, never its arguments or continuation lines),
    /// each line prefixed `>`, and every reply line of the server prefixed `<` (except the 334
    /// challenges of AUTH). At most CSMTP_TRANSCRIPT_SIZE - 1 bytes; `transcript_truncated` is
    /// 1 when a line did not fit: it and every later line were dropped. The message itself is never in it. Allocated by
    /// csmtp_send (NULL if that failed); release it with csmtp_result_free.
    char *transcript;
    int transcript_truncated;
} csmtp_result;

#define CSMTP_TRANSCRIPT_SIZE 65536

/// What the transcript filter keeps between lines; csmtp_send's debug callback holds one.
typedef struct {
    csmtp_result *result;        ///< its `transcript` holds CSMTP_TRANSCRIPT_SIZE bytes (or is NULL)
    int in_auth;                 ///< 1 from AUTH until a reply other than 334: the client's lines carry the login
} csmtp_transcript_filter;

/// Passes one line of the conversation to `filter->result`'s transcript: `incoming` is 1 for a
/// reply of the server, 0 for a line the client sent. Keeps the replies but the 334 challenges,
/// and only the envelope commands of the client (case-sensitive, whole words); from AUTH (kept
/// as the bare word) on, drops every line the client sends until a reply other than 334, since
/// AUTH LOGIN sends the user and password as bare base64 lines. Public for tests.
void csmtp_transcript_line(csmtp_transcript_filter *filter, int incoming, const char *data, size_t size);

/// Frees what csmtp_send allocated in `result`.
void csmtp_result_free(csmtp_result *result);

/// Sends the message. Returns CSMTP_OK when the server accepted it (250 after DATA),
/// CSMTP_NO_LIBRARY when libcurl can't be loaded (`result->error` says why), else CSMTP_FAILED.
/// Never prints anything: CURLOPT_VERBOSE is on only so the debug callback fills the transcript.
int csmtp_send(const csmtp_request *request, csmtp_result *result);

/// Sets `*flag` to 1 atomically, aborting a transfer that polls it.
void csmtp_cancel(int *flag);

/// Writes `size` bytes as MIME base64 (RFC 2045): lines of 76 characters, each ending CR LF, the
/// last line shorter, `=` padding at the end. `output` must hold csmtp_base64_lines_length(size)
/// bytes. Every call but the last of a body must pass a multiple of 57 bytes. In C because the
/// message streams every attachment through it (a debug build of the Swift loop did 6 MB/s).
void csmtp_base64_lines(const uint8_t *input, size_t size, uint8_t *output);

/// The length csmtp_base64_lines writes for `size` bytes.
size_t csmtp_base64_lines_length(size_t size);

/// 1 when libcurl.so.4 is mapped into this process (for tests that check it is not loaded).
int csmtp_library_loaded(void);

#endif
