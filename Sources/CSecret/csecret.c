#include "csecret.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The few GLib and libsecret declarations used, written out so no -dev package is needed to
// build: these layouts are libsecret's stable ABI (secret-schema.h, gerror.h).
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

typedef struct {
    const char *name;
    int type;  // SECRET_SCHEMA_ATTRIBUTE_STRING
} SecretSchemaAttribute;

typedef struct {
    const char *name;
    int flags;  // SECRET_SCHEMA_NONE
    SecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} SecretSchema;

static const SecretSchema schema = {
    "sharevia.AccountToken",
    0,
    {{"service", 0}, {"network", 0}, {"account", 0}, {NULL, 0}},
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

#define G_BUS_TYPE_SESSION 2

static int (*s_storev_sync)(const SecretSchema *, void *, const char *, const char *, const char *, void *, GError **);
static char *(*s_lookupv_sync)(const SecretSchema *, void *, void *, GError **);
static int (*s_clearv_sync)(const SecretSchema *, void *, void *, GError **);
static void (*s_password_free)(char *);
static void *(*g_hash_table_new_)(unsigned (*)(const void *), int (*)(const void *, const void *));
static unsigned (*g_str_hash_)(const void *);
static int (*g_str_equal_)(const void *, const void *);
static int (*g_hash_table_insert_)(void *, void *, void *);
static void (*g_hash_table_unref_)(void *);
static void *(*g_cancellable_new_)(void);
static void (*g_cancellable_cancel_)(void *);
static void (*g_object_unref_)(void *);
static void (*g_error_free_)(GError *);
static void *(*g_bus_get_sync_)(int, void *, GError **);
static void (*g_dbus_connection_set_exit_on_close_)(void *, int);

static int loaded;
static char load_error[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/// The session bus, kept for the process's life: libsecret reuses GIO's shared connection, and
/// holding it keeps the exit-on-close setting below (a dropped connection would come back with it).
static void *session_bus;
static pthread_mutex_t bus_lock = PTHREAD_MUTEX_INITIALIZER;

#define LOAD(name, symbol)                                                                         \
    do {                                                                                           \
        *(void **)(&name) = dlsym(library, symbol);                                                \
        if (!name) {                                                                               \
            snprintf(load_error, sizeof load_error, "libsecret-1.so.0 lacks %s; update libsecret-1-0", symbol); \
            return;                                                                                \
        }                                                                                          \
    } while (0)

static void load(void) {
    // dlsym on libsecret's handle also finds GLib's, GObject's and GIO's functions: they are its
    // dependencies, loaded with it.
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error,
                 "libsecret-1.so.0 can't be loaded (%s); install it: apt-get install libsecret-1-0", dlerror());
        return;
    }
    LOAD(s_storev_sync, "secret_password_storev_sync");
    LOAD(s_lookupv_sync, "secret_password_lookupv_sync");
    LOAD(s_clearv_sync, "secret_password_clearv_sync");
    LOAD(s_password_free, "secret_password_free");
    LOAD(g_hash_table_new_, "g_hash_table_new");
    LOAD(g_str_hash_, "g_str_hash");
    LOAD(g_str_equal_, "g_str_equal");
    LOAD(g_hash_table_insert_, "g_hash_table_insert");
    LOAD(g_hash_table_unref_, "g_hash_table_unref");
    LOAD(g_cancellable_new_, "g_cancellable_new");
    LOAD(g_cancellable_cancel_, "g_cancellable_cancel");
    LOAD(g_object_unref_, "g_object_unref");
    LOAD(g_error_free_, "g_error_free");
    LOAD(g_bus_get_sync_, "g_bus_get_sync");
    LOAD(g_dbus_connection_set_exit_on_close_, "g_dbus_connection_set_exit_on_close");
    loaded = 1;
}

enum operation { STORE, LOOKUP, CLEAR };

/// One call, shared by the caller and the worker thread that makes it; freed by whichever lets
/// go last, since a caller that times out returns while the worker may still be blocked.
typedef struct {
    enum operation operation;
    char *network, *account, *label, *token;
    void *cancellable;
    int status;
    csecret_result result;
    int done;
    int references;
    pthread_mutex_t lock;
    pthread_cond_t finished;
} job;

static void wipe_free(char *text) {
    if (!text) return;
    size_t length = strlen(text);
    volatile char *bytes = text;
    for (size_t i = 0; i < length; i++) bytes[i] = 0;
    free(text);
}

static void release(job *call) {
    pthread_mutex_lock(&call->lock);
    int left = --call->references;
    pthread_mutex_unlock(&call->lock);
    if (left > 0) return;
    free(call->network);
    free(call->account);
    free(call->label);
    wipe_free(call->token);
    wipe_free(call->result.token);
    if (call->cancellable) g_object_unref_(call->cancellable);
    pthread_mutex_destroy(&call->lock);
    pthread_cond_destroy(&call->finished);
    free(call);
}

/// Copies `error`'s message (or `fallback`) into the result and frees the error.
static int failure(job *call, int status, GError *error, const char *fallback) {
    snprintf(call->result.message, sizeof call->result.message, "%s",
             error && error->message ? error->message : fallback);
    if (error) g_error_free_(error);
    return status;
}

/// Connects to the session bus once, with exit-on-close off: GIO's default would end this
/// process if the bus went away.
static int connect_bus(job *call) {
    pthread_mutex_lock(&bus_lock);
    if (session_bus) {
        pthread_mutex_unlock(&bus_lock);
        return CSECRET_OK;
    }
    GError *error = NULL;
    void *bus = g_bus_get_sync_(G_BUS_TYPE_SESSION, call->cancellable, &error);
    if (bus) {
        g_dbus_connection_set_exit_on_close_(bus, 0);
        session_bus = bus;
    }
    pthread_mutex_unlock(&bus_lock);
    return bus ? CSECRET_OK : failure(call, CSECRET_NO_BUS, error, "the D-Bus session bus can't be reached");
}

static int perform(job *call) {
    int status = connect_bus(call);
    if (status != CSECRET_OK) return status;
    void *attributes = g_hash_table_new_(g_str_hash_, g_str_equal_);
    g_hash_table_insert_(attributes, "service", "sharevia");
    g_hash_table_insert_(attributes, "network", call->network);
    g_hash_table_insert_(attributes, "account", call->account);
    GError *error = NULL;
    switch (call->operation) {
    case STORE:
        if (!s_storev_sync(&schema, attributes, NULL, call->label, call->token, call->cancellable, &error)) {
            status = failure(call, CSECRET_FAILED, error, "the Secret Service did not store the token");
        }
        break;
    case LOOKUP: {
        char *found = s_lookupv_sync(&schema, attributes, call->cancellable, &error);
        if (error) {
            if (found) s_password_free(found);
            status = failure(call, CSECRET_FAILED, error, "the Secret Service did not answer the lookup");
        } else if (!found) {
            status = CSECRET_NOT_FOUND;
        } else {
            call->result.token = strdup(found);
            s_password_free(found);
            if (!call->result.token) status = failure(call, CSECRET_FAILED, NULL, "out of memory");
        }
        break;
    }
    case CLEAR:
        call->result.removed = s_clearv_sync(&schema, attributes, call->cancellable, &error) ? 1 : 0;
        if (error) status = failure(call, CSECRET_FAILED, error, "the Secret Service did not remove the token");
        break;
    }
    g_hash_table_unref_(attributes);
    return status;
}

static void *worker(void *context) {
    job *call = context;
    int status = perform(call);
    pthread_mutex_lock(&call->lock);
    call->status = status;
    call->done = 1;
    pthread_cond_signal(&call->finished);
    pthread_mutex_unlock(&call->lock);
    release(call);
    return NULL;
}

static void deadline_after(struct timespec *deadline, long milliseconds) {
    clock_gettime(CLOCK_MONOTONIC, deadline);
    deadline->tv_sec += milliseconds / 1000;
    deadline->tv_nsec += (milliseconds % 1000) * 1000000L;
    if (deadline->tv_nsec >= 1000000000L) {
        deadline->tv_sec += 1;
        deadline->tv_nsec -= 1000000000L;
    }
}

/// Waits for the call until `deadline`; 1 when it finished.
static int wait_until(job *call, const struct timespec *deadline) {
    while (!call->done) {
        if (pthread_cond_timedwait(&call->finished, &call->lock, deadline) == ETIMEDOUT) return call->done;
    }
    return 1;
}

/// Runs the call on a thread of its own and waits at most `timeout_ms` (then cancels it and
/// waits a moment more): a bus or service that accepts a connection and never answers can't
/// hang the caller.
static int run(job *call, long timeout_ms, csecret_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&load_once, load);
    if (!loaded) {
        snprintf(result->message, sizeof result->message, "%s", load_error);
        release(call);
        return CSECRET_NO_LIBRARY;
    }
    call->cancellable = g_cancellable_new_();
    call->references = 2;
    pthread_t thread;
    pthread_attr_t thread_attributes;
    pthread_attr_init(&thread_attributes);
    pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
    int started = pthread_create(&thread, &thread_attributes, worker, call);
    pthread_attr_destroy(&thread_attributes);
    if (started != 0) {
        snprintf(result->message, sizeof result->message, "can't start a thread: %s", strerror(started));
        call->references = 1;
        release(call);
        return CSECRET_FAILED;
    }
    struct timespec deadline;
    deadline_after(&deadline, timeout_ms > 0 ? timeout_ms : 1);
    pthread_mutex_lock(&call->lock);
    int finished = wait_until(call, &deadline);
    if (!finished) {
        // Cancelled, a call may still end in time; only a success counts then (a cancelled
        // one is the timeout it is).
        g_cancellable_cancel_(call->cancellable);
        deadline_after(&deadline, 500);
        finished = wait_until(call, &deadline) && call->status == CSECRET_OK;
    }
    int status;
    if (finished) {
        status = call->status;
        *result = call->result;
        call->result.token = NULL;  // handed to the caller
    } else {
        status = CSECRET_TIMEOUT;
        snprintf(result->message, sizeof result->message, "no answer within %ld ms", timeout_ms);
    }
    pthread_mutex_unlock(&call->lock);
    release(call);
    return status;
}

static job *make(enum operation operation, const char *network, const char *account) {
    job *call = calloc(1, sizeof *call);
    if (!call) return NULL;
    call->operation = operation;
    call->network = strdup(network);
    call->account = strdup(account);
    call->references = 1;
    pthread_mutex_init(&call->lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&call->finished, &attributes);
    pthread_condattr_destroy(&attributes);
    if (!call->network || !call->account) {
        release(call);
        return NULL;
    }
    return call;
}

static int out_of_memory(csecret_result *result) {
    memset(result, 0, sizeof *result);
    snprintf(result->message, sizeof result->message, "out of memory");
    return CSECRET_FAILED;
}

int csecret_store(const char *network, const char *account, const char *label, const char *token, long timeout_ms,
                  csecret_result *result) {
    job *call = make(STORE, network, account);
    if (!call) return out_of_memory(result);
    call->label = strdup(label);
    call->token = strdup(token);
    if (!call->label || !call->token) {
        release(call);
        return out_of_memory(result);
    }
    return run(call, timeout_ms, result);
}

int csecret_lookup(const char *network, const char *account, long timeout_ms, csecret_result *result) {
    job *call = make(LOOKUP, network, account);
    if (!call) return out_of_memory(result);
    return run(call, timeout_ms, result);
}

int csecret_clear(const char *network, const char *account, long timeout_ms, csecret_result *result) {
    job *call = make(CLEAR, network, account);
    if (!call) return out_of_memory(result);
    return run(call, timeout_ms, result);
}

void csecret_free_token(char *token) { wipe_free(token); }

int csecret_library_loaded(void) {
    void *handle = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_NOLOAD);
    if (!handle) return 0;
    dlclose(handle);
    return 1;
}
