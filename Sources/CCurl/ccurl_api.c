#include "ccurl_api.h"
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static ccurl_api api;
static int loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libcurl.so.4 can't be loaded (%s); install it: apt-get install libcurl4", dlerror());
        return;
    }
    CURLcode (*global_init)(long) = (CURLcode(*)(long))dlsym(library, "curl_global_init");
    api.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    api.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    api.easy_perform = (CURLcode(*)(CURL *))dlsym(library, "curl_easy_perform");
    api.easy_getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    api.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    api.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    api.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    api.easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    if (!global_init || !api.easy_init || !api.easy_setopt || !api.easy_perform || !api.easy_getinfo ||
        !api.easy_cleanup || !api.slist_append || !api.slist_free_all || !api.easy_strerror) {
        snprintf(load_error, sizeof load_error, "libcurl.so.4 lacks the easy interface; update libcurl4");
        return;
    }
    if (global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        return;
    }
    loaded = 1;
}

const ccurl_api *ccurl_api_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (loaded) return &api;
    if (error && error_size) snprintf(error, error_size, "%s", load_error);
    return NULL;
}

int ccurl_library_loaded(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}

void ccurl_cancel(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

int ccurl_cancel_progress(void *flag, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal;
    (void)dlnow;
    (void)ultotal;
    (void)ulnow;
    const int *cancel = flag;
    return cancel && __atomic_load_n(cancel, __ATOMIC_ACQUIRE) ? 1 : 0;
}
