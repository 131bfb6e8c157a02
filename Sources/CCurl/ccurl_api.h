#ifndef CCURL_API_H
#define CCURL_API_H

#include <curl/curl.h>

/// The libcurl functions sharevia calls, resolved with dlsym from libcurl.so.4. Internal to
/// CCurl: csmtp.c and chttp.c both reach libcurl through the one table ccurl_api_load fills,
/// so the library is opened, checked and curl_global_init'ed once, by one piece of code.
typedef struct {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    const char *(*easy_strerror)(CURLcode);
} ccurl_api;

/// Loads libcurl.so.4 on the first call (thread-safe, once per process) and returns its function
/// table, or NULL with the reason copied into `error` (`error_size` bytes) when it can't be loaded.
const ccurl_api *ccurl_api_load(char *error, size_t error_size);

/// libcurl's progress callback for a transfer whose CURLOPT_XFERINFODATA is a cancel flag
/// (`ccurl_cancel`): a non-zero flag aborts the transfer with CURLE_ABORTED_BY_CALLBACK.
int ccurl_cancel_progress(void *flag, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

#endif
