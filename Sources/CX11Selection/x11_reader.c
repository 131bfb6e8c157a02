/* Reading a selection in this process (ICCCM 2.4 and 2.7.2), every wait bounded. */
#define _GNU_SOURCE
#include "x11_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// The bytes collected so far, bounded by the caller's limit.
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t max;
} byte_buffer;

static int buffer_reserve(byte_buffer *b, size_t capacity) {
    if (capacity <= b->capacity) return 0;
    unsigned char *grown = realloc(b->data, capacity);
    if (!grown) return -1;
    b->data = grown;
    b->capacity = capacity;
    return 0;
}

static int buffer_append(byte_buffer *b, const void *bytes, size_t n) {
    if (n == 0) return 0;
    if (b->length + n > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 4096;
        while (capacity < b->length + n) capacity *= 2;
        if (buffer_reserve(b, capacity) != 0) return -1;
    }
    memcpy(b->data + b->length, bytes, n);
    b->length += n;
    return 0;
}

/// The GetProperty length (4-byte units) that shows whether more than `allowance` bytes wait.
static uint32_t words_for(size_t allowance) {
    size_t words = allowance / 4 + 1;
    return words > 0x3FFFFFFF ? 0x3FFFFFFF : (uint32_t)words;
}

typedef struct {
    xcb_window_t window;
    xcb_atom_t property;
} wait_context;

static int match_notify(const xcb_generic_event_t *event, const void *context) {
    const wait_context *wait = context;
    return (event->response_type & 0x7F) == XCB_SELECTION_NOTIFY
        && ((const xcb_selection_notify_event_t *)event)->requestor == wait->window;
}

static int match_new_value(const xcb_generic_event_t *event, const void *context) {
    const wait_context *wait = context;
    if ((event->response_type & 0x7F) != XCB_PROPERTY_NOTIFY) return 0;
    const xcb_property_notify_event_t *change = (const xcb_property_notify_event_t *)event;
    return change->window == wait->window && change->atom == wait->property && change->state == XCB_PROPERTY_NEW_VALUE;
}

/// The most atoms a reader remembers; later names are interned on every read.
#define READER_ATOM_CACHE 16

/// An open connection for reads (see cxs_reader_open): its window, and the atoms interned so far
/// (atoms live as long as the server, so they survive a reconnection).
struct cxs_reader {
    cxs_session session;
    int connected;
    xcb_window_t window;
    size_t atom_count;
    char *atom_names[READER_ATOM_CACHE];
    xcb_atom_t atoms[READER_ATOM_CACHE];
};

/// One read on an open reader.
typedef struct {
    cxs_reader *conn;
    cxs_session *session;  ///< the reader's
    const char *selection;
    const char *target;
    byte_buffer buffer;
    cxs_failure failure;
    xcb_window_t window;
    xcb_atom_t property;
    xcb_atom_t incr_atom;
    size_t max_len;  ///< the caller's limit, for messages
} reader;

/// A wait on the selection's owner (not on the server) timed out: say so.
static int blame_owner(reader *r, const char *what) {
    if (r->failure.status != CXS_TIMED_OUT) return -1;
    return cxs_fail(&r->failure, CXS_TIMED_OUT, "the owner of %s on X display %s did not %s within %ld ms", r->selection,
                    r->session->display, what, r->session->timeout_ms);
}

static int fail_too_large(reader *r) {
    return cxs_fail(&r->failure, CXS_TOO_LARGE, "%s on X display %s holds more than %zu bytes as %s", r->selection,
                    r->session->display, r->max_len, r->target);
}

static int fail_memory(reader *r) {
    return cxs_fail(&r->failure, CXS_OUT_OF_MEMORY, "out of memory reading %s from X display %s", r->selection,
                    r->session->display);
}

/// GetProperty with delete; the reply is malloc'd.
static xcb_get_property_reply_t *take_property(reader *r, xcb_atom_t property, size_t allowance) {
    unsigned int sequence =
        cxs_x.get_property(r->session->conn, 1, r->window, property, XCB_GET_PROPERTY_TYPE_ANY, 0, words_for(allowance))
            .sequence;
    xcb_get_property_reply_t *reply = NULL;
    if (cxs_session_reply(r->session, sequence, (void **)&reply, &r->failure) != 0) return NULL;
    return reply;
}

/// Appends a property's value, or fails when it would pass the limit.
static int append_value(reader *r, xcb_get_property_reply_t *reply) {
    int length = cxs_x.get_property_value_length(reply);
    size_t n = length > 0 ? (size_t)length : 0;
    if (reply->bytes_after > 0 || n > r->buffer.max - r->buffer.length) return fail_too_large(r);
    if (buffer_append(&r->buffer, cxs_x.get_property_value(reply), n) != 0) return fail_memory(r);
    return 0;
}

/// Collects an INCR transfer: each NewValue is a chunk (deleting it asks for the next), until an
/// empty one. The INCR property itself was already deleted by the GetProperty that found it.
static int collect_incr(reader *r, xcb_atom_t property, uint32_t size_hint) {
    if (size_hint > r->buffer.max) return fail_too_large(r);
    if (buffer_reserve(&r->buffer, size_hint) != 0) return fail_memory(r);
    wait_context wait = { .window = r->window, .property = property };
    for (;;) {
        xcb_generic_event_t *event = cxs_session_event(r->session, match_new_value, &wait, &r->failure);
        if (!event) return blame_owner(r, "finish its incremental (INCR) transfer");
        free(event);
        xcb_get_property_reply_t *chunk = take_property(r, property, r->buffer.max - r->buffer.length);
        if (!chunk) return -1;
        int empty = cxs_x.get_property_value_length(chunk) == 0 && chunk->bytes_after == 0;
        int rc = empty ? 0 : append_value(r, chunk);
        free(chunk);
        if (rc != 0) return -1;
        if (empty) return 0;
    }
}

/// Replaces the ATOM list in the buffer by the atoms' names, one per line.
static int names_for_atoms(reader *r) {
    size_t count = r->buffer.length / 4;
    xcb_atom_t *atoms = (xcb_atom_t *)r->buffer.data;
    unsigned int *sequences = malloc((count ? count : 1) * sizeof *sequences);
    if (!sequences) return fail_memory(r);
    for (size_t i = 0; i < count; i++) sequences[i] = cxs_x.get_atom_name(r->session->conn, atoms[i]).sequence;
    byte_buffer names = { .max = r->buffer.max };
    int rc = 0;
    for (size_t i = 0; i < count && rc == 0; i++) {
        xcb_get_atom_name_reply_t *reply = NULL;
        rc = cxs_session_reply(r->session, sequences[i], (void **)&reply, &r->failure);
        if (rc != 0) break;
        size_t n = (size_t)cxs_x.get_atom_name_name_length(reply);
        if (names.length + n + (i > 0) > names.max) {
            rc = fail_too_large(r);
        } else if ((i > 0 && buffer_append(&names, "\n", 1) != 0)
                   || buffer_append(&names, cxs_x.get_atom_name_name(reply), n) != 0) {
            rc = fail_memory(r);
        }
        free(reply);
    }
    free(sequences);
    if (rc != 0) {
        free(names.data);
        return -1;
    }
    free(r->buffer.data);
    r->buffer = names;
    return 0;
}

/// After a refusal: CXS_NO_OWNER when the selection has no owner, else CXS_REFUSED.
static int fail_refused(reader *r, xcb_atom_t selection) {
    unsigned int sequence = cxs_x.get_selection_owner(r->session->conn, selection).sequence;
    xcb_get_selection_owner_reply_t *reply = NULL;
    if (cxs_session_reply(r->session, sequence, (void **)&reply, &r->failure) != 0) return -1;
    xcb_window_t owner = reply->owner;
    free(reply);
    if (owner == XCB_NONE)
        return cxs_fail(&r->failure, CXS_NO_OWNER, "nobody owns %s on X display %s", r->selection, r->session->display);
    return cxs_fail(&r->failure, CXS_REFUSED, "the owner of %s on X display %s refused %s", r->selection,
                    r->session->display, r->target);
}

/// The atoms for `names`, from the reader's cache or interned (one round trip for all the new ones).
static int reader_atoms(cxs_reader *c, const char *const *names, size_t count, xcb_atom_t *atoms,
                        cxs_failure *failure) {
    const char *missing[16];
    size_t missing_index[16];
    size_t missing_count = 0;
    if (count > 16) return cxs_fail(failure, CXS_SYSTEM_ERROR, "too many atoms at once");
    for (size_t i = 0; i < count; i++) {
        size_t found = c->atom_count;
        for (size_t j = 0; j < c->atom_count; j++)
            if (strcmp(c->atom_names[j], names[i]) == 0) found = j;
        if (found < c->atom_count) {
            atoms[i] = c->atoms[found];
        } else {
            missing[missing_count] = names[i];
            missing_index[missing_count++] = i;
        }
    }
    if (missing_count == 0) return 0;
    xcb_atom_t interned[16];
    if (cxs_session_intern(&c->session, missing, missing_count, interned, failure) != 0) return -1;
    for (size_t k = 0; k < missing_count; k++) {
        atoms[missing_index[k]] = interned[k];
        if (c->atom_count < READER_ATOM_CACHE) {
            char *copy = strdup(missing[k]);
            if (!copy) continue;
            c->atom_names[c->atom_count] = copy;
            c->atoms[c->atom_count++] = interned[k];
        }
    }
    return 0;
}

/// Connects the reader if it isn't, creates its window, and interns `names` on the way.
static int reader_connect(cxs_reader *c, const char *const *names, size_t count, cxs_failure *failure) {
    if (c->connected) return 0;
    if (cxs_session_connect(&c->session, 1, failure) != 0) return -1;
    c->connected = 1;
    c->window = cxs_session_window(&c->session);
    xcb_atom_t ignored[16];
    return reader_atoms(c, names, count, ignored, failure);
}

static int read_selection(reader *r) {
    cxs_session *s = r->session;
    const char *names[] = { r->selection, r->target, "SHAREVIA_SELECTION", "INCR" };
    if (reader_connect(r->conn, names, 4, &r->failure) != 0) return -1;
    r->window = r->conn->window;
    xcb_atom_t atoms[4];
    if (reader_atoms(r->conn, names, 4, atoms, &r->failure) != 0) return -1;
    xcb_atom_t selection = atoms[0], target = atoms[1];
    r->property = atoms[2];
    r->incr_atom = atoms[3];
    /* A TARGETS list takes 4 bytes an atom: the limit applies to the names it becomes. */
    int wants_targets = strcmp(r->target, "TARGETS") == 0;
    size_t limit = r->buffer.max;
    if (wants_targets) r->buffer.max = SIZE_MAX / 2;

    cxs_x.convert_selection(s->conn, r->window, selection, target, r->property, XCB_CURRENT_TIME);
    wait_context wait = { .window = r->window };
    xcb_generic_event_t *event = cxs_session_event(s, match_notify, &wait, &r->failure);
    if (!event) return blame_owner(r, "answer");
    xcb_atom_t property = ((xcb_selection_notify_event_t *)event)->property;
    free(event);
    if (property == XCB_NONE) return fail_refused(r, selection);

    xcb_get_property_reply_t *reply = take_property(r, property, r->buffer.max);
    if (!reply) return -1;
    xcb_atom_t type = reply->type;
    int rc;
    if (type == r->incr_atom) {
        uint32_t size_hint = 0;
        if (cxs_x.get_property_value_length(reply) >= 4) memcpy(&size_hint, cxs_x.get_property_value(reply), 4);
        free(reply);
        rc = collect_incr(r, property, size_hint);
    } else if (type == XCB_NONE) {
        /* The owner said yes but left no property: a broken owner. */
        free(reply);
        rc = cxs_fail(&r->failure, CXS_REFUSED, "the owner of %s on X display %s sent no %s", r->selection,
                      s->display, r->target);
    } else {
        rc = append_value(r, reply);
        free(reply);
    }
    r->buffer.max = limit;
    if (rc == 0 && wants_targets) rc = names_for_atoms(r);
    return rc;
}

/// SIGPIPE held pending on this thread while it talks to a server that may just have died.
typedef struct {
    sigset_t previous;
} pipe_guard;

static void pipe_guard_begin(pipe_guard *guard) {
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &guard->previous);
}

/// Discards a SIGPIPE raised meanwhile, so it never kills the process, and restores the mask.
static void pipe_guard_end(pipe_guard *guard) {
    sigset_t pipe_only, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    if (!sigismember(&guard->previous, SIGPIPE) && sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE)) {
        struct timespec zero = { 0, 0 };
        sigtimedwait(&pipe_only, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &guard->previous, NULL);
}

static void copy_failure(cxs_read_result *out, const cxs_failure *failure) {
    out->status = failure->status;
    out->xcb_error = failure->xcb_error;
    out->sys_errno = failure->sys_errno;
    memcpy(out->message, failure->message, sizeof out->message);
}

cxs_reader *cxs_reader_open(const char *display, const char *const *names, size_t count, long timeout_ms,
                            const cxs_cancel *cancel, cxs_read_result *out) {
    memset(out, 0, sizeof *out);
    if (cxs_load(NULL, out->message, sizeof out->message) != 0) {
        out->status = CXS_LIBRARY_MISSING;
        return NULL;
    }
    cxs_reader *c = calloc(1, sizeof *c);
    if (!c) {
        out->status = CXS_OUT_OF_MEMORY;
        snprintf(out->message, sizeof out->message, "out of memory");
        return NULL;
    }
    if (display && *display && !(display = strdup(display))) {
        free(c);
        out->status = CXS_OUT_OF_MEMORY;
        snprintf(out->message, sizeof out->message, "out of memory");
        return NULL;
    }
    cxs_session_init(&c->session, display, timeout_ms, cancel);
    const char *base[] = { "SHAREVIA_SELECTION", "INCR" };
    const char *all[16];
    size_t total = 0;
    for (size_t i = 0; i < 2; i++) all[total++] = base[i];
    for (size_t i = 0; i < count && total < 16; i++) all[total++] = names[i];
    cxs_failure failure;
    memset(&failure, 0, sizeof failure);
    pipe_guard guard;
    pipe_guard_begin(&guard);
    int rc = reader_connect(c, all, total, &failure);
    pipe_guard_end(&guard);
    if (rc != 0) {
        copy_failure(out, &failure);
        cxs_reader_close(c);
        return NULL;
    }
    c->session.cancel = NULL;  /* the flag may not outlive this call */
    return c;
}

/// cxs_reader_read with its deadline given: `timeout_ms` is only for messages.
static int read_until(cxs_reader *c, const char *selection, const char *target, size_t max_len, long timeout_ms,
                      long deadline_ms, const cxs_cancel *cancel, cxs_read_result *out) {
    memset(out, 0, sizeof *out);
    if (!c) {
        out->status = CXS_SYSTEM_ERROR;
        out->sys_errno = EINVAL;
        snprintf(out->message, sizeof out->message, "no reader");
        return -1;
    }
    c->session.timeout_ms = timeout_ms;
    c->session.deadline_ms = deadline_ms;
    c->session.cancel = cancel;
    reader r;
    memset(&r, 0, sizeof r);
    r.conn = c;
    r.session = &c->session;
    r.selection = selection ? selection : "CLIPBOARD";
    r.target = target ? target : "UTF8_STRING";
    r.buffer.max = max_len;
    r.max_len = max_len;

    pipe_guard guard;
    pipe_guard_begin(&guard);
    int rc = read_selection(&r);
    /* Only a finished conversation leaves the connection fit for another read: after a timeout, a
       cancellation or an abandoned transfer, a late answer could be taken for the next one's. */
    if (rc != 0 && r.failure.status != CXS_NO_OWNER && r.failure.status != CXS_REFUSED) {
        cxs_session_close(&c->session);
        c->connected = 0;
    }
    pipe_guard_end(&guard);
    c->session.cancel = NULL;

    if (rc != 0) {
        free(r.buffer.data);
        copy_failure(out, &r.failure);
        return -1;
    }
    out->status = CXS_OK;
    if (r.buffer.length) {
        out->data = r.buffer.data;
        out->length = r.buffer.length;
    } else {
        free(r.buffer.data);
    }
    return 0;
}

int cxs_reader_read(cxs_reader *c, const char *selection, const char *target, size_t max_len, long timeout_ms,
                    const cxs_cancel *cancel, cxs_read_result *out) {
    long deadline_ms = timeout_ms >= 0 ? cxs_now_ms() + timeout_ms : -1;
    return read_until(c, selection, target, max_len, timeout_ms, deadline_ms, cancel, out);
}

void cxs_reader_close(cxs_reader *c) {
    if (!c) return;
    cxs_session_close(&c->session);
    for (size_t i = 0; i < c->atom_count; i++) free(c->atom_names[i]);
    free((char *)c->session.display_arg);
    free(c);
}

int cxs_read(const char *display, const char *selection, const char *target, size_t max_len, long timeout_ms,
             const cxs_cancel *cancel, cxs_read_result *out) {
    const char *names[] = { selection ? selection : "CLIPBOARD", target ? target : "UTF8_STRING" };
    cxs_reader *c = cxs_reader_open(display, names, 2, timeout_ms, cancel, out);
    if (!c) return -1;
    /* One deadline from the start, handshake included, as documented. */
    int rc = read_until(c, selection, target, max_len, timeout_ms, c->session.deadline_ms, cancel, out);
    cxs_reader_close(c);
    return rc;
}

void cxs_read_result_free(cxs_read_result *result) {
    if (!result) return;
    free(result->data);
    result->data = NULL;
    result->length = 0;
}
