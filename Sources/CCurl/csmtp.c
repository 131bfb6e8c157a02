#include "csmtp.h"
#include "ccurl.h"
#include "ccurl_api.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t read_message(char *buffer, size_t size, size_t count, void *context) {
    const csmtp_request *request = context;
    return request->read(buffer, size * count, request->read_context);
}

static size_t discard(char *buffer, size_t size, size_t count, void *context) {
    (void)buffer;
    (void)context;
    return size * count;
}

/// Appends `marker`, the line (without its CR LF) and a LF to the transcript. The first line
/// that does not fit marks it truncated and ends the recording for good: a later short line
/// kept after a dropped one would pair a reply with the wrong command.
static void record(csmtp_result *result, char marker, const char *data, size_t size) {
    while (size > 0 && (data[size - 1] == '\n' || data[size - 1] == '\r')) size--;
    if (size > 1000) size = 1000;
    if (!result->transcript || result->transcript_truncated) return;
    size_t used = strlen(result->transcript);
    if (used + size + 3 > CSMTP_TRANSCRIPT_SIZE) {
        result->transcript_truncated = 1;
        return;
    }
    char *end = result->transcript + used;
    *end++ = marker;
    for (size_t i = 0; i < size; i++) *end++ = (data[i] == '\n' || data[i] == '\r' || data[i] == 0) ? ' ' : data[i];
    *end++ = '\n';
    *end = 0;
}

/// 1 when the line is `command` exactly (case-sensitive, as libcurl sends it), followed by a
/// space, a colon, CR, LF or its end; `command` may itself end with a colon or space.
static int is_command(const char *data, size_t size, const char *command) {
    size_t length = strlen(command);
    if (size < length || memcmp(data, command, length) != 0) return 0;
    if (command[length - 1] == ':' || command[length - 1] == ' ') return 1;
    if (size == length) return 1;
    char next = data[length];
    return next == ' ' || next == ':' || next == '\r' || next == '\n';
}

void csmtp_transcript_line(csmtp_transcript_filter *filter, int incoming, const char *data, size_t size) {
    csmtp_result *result = filter->result;
    if (incoming) {
        if (size >= 3 && memcmp(data, "334", 3) == 0) return;
        filter->in_auth = 0;
        record(result, '<', data, size);
        return;
    }
    if (filter->in_auth) return;
    if (is_command(data, size, "AUTH")) {
        filter->in_auth = 1;
        record(result, '>', "AUTH", 4);
    } else if (is_command(data, size, "MAIL FROM:") || is_command(data, size, "RCPT TO:") ||
               is_command(data, size, "EHLO ") || is_command(data, size, "HELO ") || is_command(data, size, "DATA") ||
               is_command(data, size, "STARTTLS") || is_command(data, size, "QUIT")) {
        record(result, '>', data, size);
    }
}

/// CURLOPT_DEBUGFUNCTION: the conversation's lines to csmtp_transcript_line, never the message
/// (CURLINFO_DATA_OUT) nor libcurl's own notes.
static int debug(CURL *handle, curl_infotype type, char *data, size_t size, void *context) {
    (void)handle;
    if (type == CURLINFO_HEADER_IN || type == CURLINFO_HEADER_OUT) {
        csmtp_transcript_line(context, type == CURLINFO_HEADER_IN, data, size);
    }
    return 0;
}

void csmtp_cancel(int *flag) { ccurl_cancel(flag); }

int csmtp_library_loaded(void) { return ccurl_library_loaded(); }

void csmtp_result_free(csmtp_result *result) {
    free(result->transcript);
    result->transcript = NULL;
}

int csmtp_send(const csmtp_request *request, csmtp_result *result) {
    memset(result, 0, sizeof *result);
    result->transcript = calloc(1, CSMTP_TRANSCRIPT_SIZE);
    const ccurl_api *curl_api = ccurl_api_load(result->error, sizeof result->error);
    if (!curl_api) return CSMTP_NO_LIBRARY;
    CURL *curl = curl_api->easy_init();
    if (!curl) {
        snprintf(result->error, sizeof result->error, "curl_easy_init failed");
        result->curl_code = CURLE_FAILED_INIT;
        return CSMTP_FAILED;
    }
    struct curl_slist *recipients = NULL;
    for (size_t i = 0; i < request->recipient_count; i++) {
        struct curl_slist *next = curl_api->slist_append(recipients, request->recipients[i]);
        if (!next) {
            curl_api->slist_free_all(recipients);
            curl_api->easy_cleanup(curl);
            snprintf(result->error, sizeof result->error, "out of memory");
            result->curl_code = CURLE_OUT_OF_MEMORY;
            return CSMTP_FAILED;
        }
        recipients = next;
    }
    curl_api->easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);
    curl_api->easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // The debug callback sees the conversation only with VERBOSE on; it prints nothing itself.
    curl_api->easy_setopt(curl, CURLOPT_DEBUGFUNCTION, debug);
    csmtp_transcript_filter state = {result, 0};
    curl_api->easy_setopt(curl, CURLOPT_DEBUGDATA, &state);
    curl_api->easy_setopt(curl, CURLOPT_VERBOSE, 1L);
    curl_api->easy_setopt(curl, CURLOPT_URL, request->url);
    curl_api->easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    curl_api->easy_setopt(curl, CURLOPT_MAIL_FROM, request->mail_from);
    curl_api->easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    // Named CURLOPT_MAIL_RCPT_ALLOWFAILS since 8.2; 7.88 (Debian 12) spells it with three Ls.
    // A libcurl without it (before 7.69) fails the whole send on a refused recipient instead.
    curl_api->easy_setopt(curl, CURLOPT_MAIL_RCPT_ALLLOWFAILS, 1L);
    curl_api->easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_api->easy_setopt(curl, CURLOPT_READFUNCTION, read_message);
    curl_api->easy_setopt(curl, CURLOPT_READDATA, (void *)request);
    if (request->message_size >= 0) curl_api->easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)request->message_size);
    curl_api->easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    curl_api->easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_api->easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, ccurl_cancel_progress);
    curl_api->easy_setopt(curl, CURLOPT_XFERINFODATA, (void *)request->cancel);
    curl_api->easy_setopt(curl, CURLOPT_USE_SSL, (long)request->tls);
    curl_api->easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_api->easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (request->ca_file) curl_api->easy_setopt(curl, CURLOPT_CAINFO, request->ca_file);
    if (request->user) curl_api->easy_setopt(curl, CURLOPT_USERNAME, request->user);
    if (request->password) curl_api->easy_setopt(curl, CURLOPT_PASSWORD, request->password);
    curl_api->easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_api->easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    // The wait for the reply after the final dot is bounded by this, not by CURLOPT_TIMEOUT_MS
    // (libcurl 7.88 waits up to 120 s there otherwise).
    curl_api->easy_setopt(curl, CURLOPT_SERVER_RESPONSE_TIMEOUT, (request->timeout_ms + 999) / 1000);
    CURLcode code = curl_api->easy_perform(curl);
    long response = 0;
    curl_api->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response);
    result->curl_code = (int)code;
    result->response_code = response;
    if (code != CURLE_OK && result->error[0] == 0) {
        snprintf(result->error, sizeof result->error, "%s", curl_api->easy_strerror(code));
    }
    curl_api->easy_cleanup(curl);
    curl_api->slist_free_all(recipients);
    return code == CURLE_OK ? CSMTP_OK : CSMTP_FAILED;
}

size_t csmtp_base64_lines_length(size_t size) { return (size + 2) / 3 * 4 + (size + 56) / 57 * 2; }

void csmtp_base64_lines(const uint8_t *input, size_t size, uint8_t *output) {
    static const char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t index = 0;
    while (index < size) {
        size_t end = index + 57 < size ? index + 57 : size;
        for (; index + 3 <= end; index += 3) {
            uint32_t value = (uint32_t)input[index] << 16 | (uint32_t)input[index + 1] << 8 | input[index + 2];
            *output++ = (uint8_t)table[value >> 18 & 63];
            *output++ = (uint8_t)table[value >> 12 & 63];
            *output++ = (uint8_t)table[value >> 6 & 63];
            *output++ = (uint8_t)table[value & 63];
        }
        size_t left = end - index;
        if (left > 0) {
            uint32_t value = (uint32_t)input[index] << 16 | (left == 2 ? (uint32_t)input[index + 1] << 8 : 0);
            *output++ = (uint8_t)table[value >> 18 & 63];
            *output++ = (uint8_t)table[value >> 12 & 63];
            *output++ = left == 2 ? (uint8_t)table[value >> 6 & 63] : '=';
            *output++ = '=';
            index = end;
        }
        *output++ = '\r';
        *output++ = '\n';
    }
}
