/* Loading libxcb at run time, and the deadline-bounded waits every X conversation here uses. */
#define _GNU_SOURCE
#include "x11_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CXS_DEFAULT_SONAME "libxcb.so.1"
#define CXS_APT_HINT "apt-get install libxcb1"
/* With a cancel flag, waits wake this often to look at it. */
#define CXS_CANCEL_SLICE_MS 20

cxs_xcb_table cxs_x;

/* MARK: Cancel flag */

cxs_cancel *cxs_cancel_create(void) {
    cxs_cancel *flag = malloc(sizeof *flag);
    if (flag) atomic_init(&flag->raised, 0);
    return flag;
}

void cxs_cancel_raise(cxs_cancel *flag) {
    if (flag) atomic_store(&flag->raised, 1);
}

void cxs_cancel_destroy(cxs_cancel *flag) { free(flag); }

int cxs_cancel_raised(const cxs_cancel *flag) {
    return flag && atomic_load(&((cxs_cancel *)flag)->raised);
}

/* MARK: Loading */

/// Opens `soname` and fills `table`; on failure writes the message and closes what it opened.
static int load_into(const char *soname, cxs_xcb_table *table, void **handle_out, char *err, size_t errlen) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        if (err && errlen) snprintf(err, errlen, "%s can't be loaded (" CXS_APT_HINT "): %s", soname, why ? why : "?");
        return -1;
    }
    const char *missing = NULL;
#define CXS_RESOLVE(field, symbol)                                  \
    do {                                                           \
        *(void **)&table->field = dlsym(handle, #symbol);          \
        if (!table->field && !missing) missing = #symbol;          \
    } while (0)
    CXS_RESOLVE(connect, xcb_connect);
    CXS_RESOLVE(disconnect, xcb_disconnect);
    CXS_RESOLVE(connection_has_error, xcb_connection_has_error);
    CXS_RESOLVE(get_setup, xcb_get_setup);
    CXS_RESOLVE(setup_roots_iterator, xcb_setup_roots_iterator);
    CXS_RESOLVE(screen_next, xcb_screen_next);
    CXS_RESOLVE(generate_id, xcb_generate_id);
    CXS_RESOLVE(flush, xcb_flush);
    CXS_RESOLVE(get_file_descriptor, xcb_get_file_descriptor);
    CXS_RESOLVE(poll_for_event, xcb_poll_for_event);
    CXS_RESOLVE(poll_for_queued_event, xcb_poll_for_queued_event);
    CXS_RESOLVE(poll_for_reply, xcb_poll_for_reply);
    CXS_RESOLVE(prefetch_extension_data, xcb_prefetch_extension_data);
    CXS_RESOLVE(prefetch_maximum_request_length, xcb_prefetch_maximum_request_length);
    CXS_RESOLVE(get_maximum_request_length, xcb_get_maximum_request_length);
    CXS_RESOLVE(create_window, xcb_create_window);
    CXS_RESOLVE(change_window_attributes, xcb_change_window_attributes);
    CXS_RESOLVE(change_property, xcb_change_property);
    CXS_RESOLVE(get_property, xcb_get_property);
    CXS_RESOLVE(get_property_value, xcb_get_property_value);
    CXS_RESOLVE(get_property_value_length, xcb_get_property_value_length);
    CXS_RESOLVE(intern_atom, xcb_intern_atom);
    CXS_RESOLVE(get_atom_name, xcb_get_atom_name);
    CXS_RESOLVE(get_atom_name_name, xcb_get_atom_name_name);
    CXS_RESOLVE(get_atom_name_name_length, xcb_get_atom_name_name_length);
    CXS_RESOLVE(set_selection_owner, xcb_set_selection_owner);
    CXS_RESOLVE(get_selection_owner, xcb_get_selection_owner);
    CXS_RESOLVE(convert_selection, xcb_convert_selection);
    CXS_RESOLVE(send_event, xcb_send_event);
    CXS_RESOLVE(get_input_focus, xcb_get_input_focus);
    CXS_RESOLVE(big_requests_id, xcb_big_requests_id);
#undef CXS_RESOLVE
    if (missing) {
        if (err && errlen) snprintf(err, errlen, "%s has no %s; it is too old or not libxcb (" CXS_APT_HINT ")", soname, missing);
        dlclose(handle);
        return -1;
    }
    *handle_out = handle;
    return 0;
}

static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static int default_status = -1;
static char default_message[CXS_MESSAGE_SIZE];

static void load_default(void) {
    void *handle = NULL;
    default_status = load_into(CXS_DEFAULT_SONAME, &cxs_x, &handle, default_message, sizeof default_message);
}

int cxs_load(const char *soname, char *err, size_t errlen) {
    if (!soname || strcmp(soname, CXS_DEFAULT_SONAME) == 0) {
        pthread_once(&default_once, load_default);
        if (default_status != 0 && err && errlen) snprintf(err, errlen, "%s", default_message);
        return default_status;
    }
    cxs_xcb_table probe;
    void *handle = NULL;
    if (load_into(soname, &probe, &handle, err, errlen) != 0) return -1;
    dlclose(handle);
    return 0;
}

/* MARK: Failures and time */

long cxs_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

int cxs_fail(cxs_failure *failure, cxs_status status, const char *format, ...) {
    failure->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(failure->message, sizeof failure->message, format, args);
    va_end(args);
    return -1;
}

/// What xcb_connection_has_error's code means.
static const char *xcb_error_text(int code) {
    switch (code) {
    case XCB_CONN_ERROR: return "no server answers there, or it refused the connection";
    case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: return "an extension is not supported";
    case XCB_CONN_CLOSED_MEM_INSUFFICIENT: return "out of memory";
    case XCB_CONN_CLOSED_REQ_LEN_EXCEED: return "a request was too long";
    case XCB_CONN_CLOSED_PARSE_ERR: return "the display name can't be parsed";
    case XCB_CONN_CLOSED_INVALID_SCREEN: return "the display has no such screen";
    case XCB_CONN_CLOSED_FDPASSING_FAILED: return "passing a descriptor failed";
    default: return "unknown error";
    }
}

static int fail_lost(cxs_session *s, cxs_failure *failure) {
    int code = s->conn ? cxs_x.connection_has_error(s->conn) : 0;
    failure->xcb_error = code;
    return cxs_fail(failure, CXS_CONNECTION_LOST, "lost the connection to X display %s (xcb error %d: %s)", s->display,
                    code, xcb_error_text(code));
}

static int fail_deadline(cxs_session *s, cxs_failure *failure) {
    if (cxs_cancel_raised(s->cancel))
        return cxs_fail(failure, CXS_CANCELLED, "cancelled while talking to X display %s", s->display);
    return cxs_fail(failure, CXS_TIMED_OUT, "X display %s did not answer within %ld ms", s->display, s->timeout_ms);
}

long cxs_wait_budget(long deadline_ms, const cxs_cancel *cancel, int *over) {
    *over = 0;
    if (cxs_cancel_raised(cancel)) { *over = 1; return 0; }
    long wait = -1;
    if (deadline_ms >= 0) {
        long left = deadline_ms - cxs_now_ms();
        if (left <= 0) { *over = 1; return 0; }
        wait = left;
    }
    if (cancel && (wait < 0 || wait > CXS_CANCEL_SLICE_MS)) wait = CXS_CANCEL_SLICE_MS;
    return wait > 1000000000L ? 1000000000 : (int)wait;
}

static int wait_budget(const cxs_session *s, int *over) {
    return (int)cxs_wait_budget(s->deadline_ms, s->cancel, over);
}

/* MARK: Sessions */

void cxs_session_init(cxs_session *s, const char *display, long timeout_ms, const cxs_cancel *cancel) {
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->display_arg = display && *display ? display : NULL;
    s->display = s->display_arg ? s->display_arg : "$DISPLAY";
    s->timeout_ms = timeout_ms;
    s->deadline_ms = timeout_ms >= 0 ? cxs_now_ms() + timeout_ms : -1;
    s->cancel = cancel;
}

/// A handshake run on a helper thread. Two references (the thread's, the waiter's); whoever
/// drops the last one frees it, disconnecting a connection the waiter did not take.
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    atomic_int references;
    int done;
    xcb_connection_t *conn;
    int screen;
    char display[];
} connect_job;

static void connect_job_release(connect_job *job) {
    if (atomic_fetch_sub(&job->references, 1) != 1) return;
    if (job->conn) cxs_x.disconnect(job->conn);
    pthread_cond_destroy(&job->done_cond);
    pthread_mutex_destroy(&job->lock);
    free(job);
}

static void *connect_thread(void *argument) {
    connect_job *job = argument;
    int screen = 0;
    xcb_connection_t *conn = cxs_x.connect(job->display[0] ? job->display : NULL, &screen);
    pthread_mutex_lock(&job->lock);
    job->conn = conn;
    job->screen = screen;
    job->done = 1;
    pthread_cond_signal(&job->done_cond);
    pthread_mutex_unlock(&job->lock);
    connect_job_release(job);
    return NULL;
}

/// xcb_connect on a helper thread, waited for until the session's deadline.
static int connect_bounded(cxs_session *s, xcb_connection_t **conn, int *screen, cxs_failure *failure) {
    size_t name_len = s->display_arg ? strlen(s->display_arg) : 0;
    connect_job *job = calloc(1, sizeof *job + name_len + 1);
    if (!job) return cxs_fail(failure, CXS_OUT_OF_MEMORY, "out of memory connecting to X display %s", s->display);
    if (name_len) memcpy(job->display, s->display_arg, name_len);
    pthread_condattr_t cond_attributes;
    pthread_condattr_init(&cond_attributes);
    pthread_condattr_setclock(&cond_attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&job->done_cond, &cond_attributes);
    pthread_condattr_destroy(&cond_attributes);
    pthread_mutex_init(&job->lock, NULL);
    atomic_init(&job->references, 2);

    /* The helper blocks every signal (SIGPIPE included): it inherits the mask set around create. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int rc = pthread_create(&thread, &attributes, connect_thread, job);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
    if (rc != 0) {
        atomic_store(&job->references, 1);
        connect_job_release(job);
        failure->sys_errno = rc;
        return cxs_fail(failure, CXS_SYSTEM_ERROR, "can't start a thread to connect to X display %s: %s", s->display,
                        strerror(rc));
    }

    pthread_mutex_lock(&job->lock);
    int over = 0;
    while (!job->done) {
        int wait = wait_budget(s, &over);
        if (over) break;
        if (wait < 0) {
            pthread_cond_wait(&job->done_cond, &job->lock);
        } else {
            struct timespec until;
            clock_gettime(CLOCK_MONOTONIC, &until);
            until.tv_sec += wait / 1000;
            until.tv_nsec += (long)(wait % 1000) * 1000000L;
            if (until.tv_nsec >= 1000000000L) { until.tv_sec += 1; until.tv_nsec -= 1000000000L; }
            pthread_cond_timedwait(&job->done_cond, &job->lock, &until);
        }
    }
    if (job->done) {
        *conn = job->conn;
        *screen = job->screen;
        job->conn = NULL;
    }
    int done = job->done;
    pthread_mutex_unlock(&job->lock);
    connect_job_release(job);
    return done ? 0 : fail_deadline(s, failure);
}

int cxs_session_connect(cxs_session *s, int bounded, cxs_failure *failure) {
    xcb_connection_t *conn = NULL;
    int screen = 0;
    if (bounded) {
        if (connect_bounded(s, &conn, &screen, failure) != 0) return -1;
    } else {
        conn = cxs_x.connect(s->display_arg, &screen);
    }
    int code = cxs_x.connection_has_error(conn);
    if (code) {
        cxs_x.disconnect(conn);
        failure->xcb_error = code;
        return cxs_fail(failure, CXS_CONNECT_FAILED, "can't connect to X display %s (xcb error %d: %s)", s->display,
                        code, xcb_error_text(code));
    }
    s->conn = conn;
    xcb_screen_iterator_t roots = cxs_x.setup_roots_iterator(cxs_x.get_setup(conn));
    for (int i = 0; i < screen && roots.rem; i++) cxs_x.screen_next(&roots);
    if (!roots.rem) {
        cxs_session_close(s);
        failure->xcb_error = XCB_CONN_CLOSED_INVALID_SCREEN;
        return cxs_fail(failure, CXS_CONNECT_FAILED, "can't connect to X display %s (it has no screen %d)", s->display,
                        screen);
    }
    s->screen = roots.data;
    s->fd = cxs_x.get_file_descriptor(conn);
    return 0;
}

/// Waits until the connection is readable, or fails at the deadline or on cancel.
static int wait_readable(cxs_session *s, cxs_failure *failure) {
    for (;;) {
        int over = 0;
        int wait = wait_budget(s, &over);
        if (over) return fail_deadline(s, failure);
        struct pollfd p = { .fd = s->fd, .events = POLLIN };
        int rc = poll(&p, 1, wait);
        if (rc > 0) return 0;
        if (rc < 0 && errno != EINTR) {
            failure->sys_errno = errno;
            return cxs_fail(failure, CXS_SYSTEM_ERROR, "poll on X display %s failed: %s", s->display, strerror(errno));
        }
    }
}

int cxs_session_reply(cxs_session *s, unsigned int sequence, void **reply, cxs_failure *failure) {
    if (cxs_x.flush(s->conn) <= 0) return fail_lost(s, failure);
    for (;;) {
        void *answer = NULL;
        xcb_generic_error_t *error = NULL;
        if (cxs_x.poll_for_reply(s->conn, sequence, &answer, &error)) {
            if (answer) { *reply = answer; return 0; }
            if (error) {
                int code = error->error_code;
                free(error);
                return cxs_fail(failure, CXS_SYSTEM_ERROR, "X display %s refused a request (X error %d)", s->display,
                                code);
            }
            return fail_lost(s, failure);
        }
        if (cxs_x.connection_has_error(s->conn)) return fail_lost(s, failure);
        if (wait_readable(s, failure) != 0) return -1;
    }
}

xcb_generic_event_t *cxs_session_event(cxs_session *s, int (*match)(const xcb_generic_event_t *, const void *),
                                       const void *context, cxs_failure *failure) {
    if (cxs_x.flush(s->conn) <= 0) { fail_lost(s, failure); return NULL; }
    for (;;) {
        xcb_generic_event_t *event;
        while ((event = cxs_x.poll_for_event(s->conn))) {
            if (match(event, context)) return event;
            free(event);
        }
        if (cxs_x.connection_has_error(s->conn)) { fail_lost(s, failure); return NULL; }
        if (wait_readable(s, failure) != 0) return NULL;
    }
}

int cxs_session_intern(cxs_session *s, const char *const *names, size_t count, xcb_atom_t *atoms,
                       cxs_failure *failure) {
    unsigned int stack_sequences[16];
    unsigned int *sequences = count <= 16 ? stack_sequences : malloc(count * sizeof *sequences);
    if (!sequences) return cxs_fail(failure, CXS_OUT_OF_MEMORY, "out of memory interning atoms");
    for (size_t i = 0; i < count; i++) {
        size_t length = strlen(names[i]);
        sequences[i] = cxs_x.intern_atom(s->conn, 0, (uint16_t)(length > 0xFFFF ? 0xFFFF : length), names[i]).sequence;
    }
    int rc = 0;
    for (size_t i = 0; i < count && rc == 0; i++) {
        xcb_intern_atom_reply_t *reply = NULL;
        rc = cxs_session_reply(s, sequences[i], (void **)&reply, failure);
        if (rc == 0) {
            atoms[i] = reply->atom;
            free(reply);
        }
    }
    if (sequences != stack_sequences) free(sequences);
    return rc;
}

xcb_window_t cxs_session_window(cxs_session *s) {
    xcb_window_t window = cxs_x.generate_id(s->conn);
    uint32_t events = XCB_EVENT_MASK_PROPERTY_CHANGE;
    cxs_x.create_window(s->conn, XCB_COPY_FROM_PARENT, window, s->screen->root, 0, 0, 1, 1, 0,
                        XCB_WINDOW_CLASS_INPUT_ONLY, XCB_COPY_FROM_PARENT, XCB_CW_EVENT_MASK, &events);
    return window;
}

void cxs_session_close(cxs_session *s) {
    if (s->conn) cxs_x.disconnect(s->conn);
    s->conn = NULL;
    s->fd = -1;
}
