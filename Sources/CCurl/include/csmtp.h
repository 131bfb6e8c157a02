#ifndef CSMTP_H
#define CSMTP_H

#include <stddef.h>
#include <stdint.h>

/// SMTP delivery through libcurl, loaded with dlopen("libcurl.so.4") at the first send, so a
/// program that never sends mail never loads libcurl or its libraries (OpenSSL, libssh2, ...).
/// Only plain C types cross this header; curl.h stays inside csmtp.c.

#define CSMTP_OK 0
#define CSMTP_NO_LIBRARY (-1)
#define CSMTP_FAILED (-2)

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
    const uint8_t *message;      ///< the finished message, CRLF line endings
    size_t message_size;
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
} csmtp_result;

/// Sends the message. Returns CSMTP_OK when the server accepted it (250 after DATA),
/// CSMTP_NO_LIBRARY when libcurl can't be loaded (`result->error` says why), else CSMTP_FAILED.
/// Never prints anything (no CURLOPT_VERBOSE).
int csmtp_send(const csmtp_request *request, csmtp_result *result);

/// Sets `*flag` to 1 atomically, aborting a transfer that polls it.
void csmtp_cancel(int *flag);

/// 1 when libcurl.so.4 is mapped into this process (for tests that check it is not loaded).
int csmtp_library_loaded(void);

#endif
