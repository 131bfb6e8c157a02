/* Reading a selection in this process (ICCCM 2.4 and 2.7.2), every wait bounded. */
#define _GNU_SOURCE
#include "x11_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
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

typedef struct {
    cxs_session session;
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
                    r->session.display, what, r->session.timeout_ms);
}

static int fail_too_large(reader *r) {
    return cxs_fail(&r->failure, CXS_TOO_LARGE, "%s on X display %s holds more than %zu bytes as %s", r->selection,
                    r->session.display, r->max_len, r->target);
}

static int fail_memory(reader *r) {
    return cxs_fail(&r->failure, CXS_OUT_OF_MEMORY, "out of memory reading %s from X display %s", r->selection,
                    r->session.display);
}

/// GetProperty with delete; the reply is malloc'd.
static xcb_get_property_reply_t *take_property(reader *r, xcb_atom_t property, size_t allowance) {
    unsigned int sequence =
        cxs_x.get_property(r->session.conn, 1, r->window, property, XCB_GET_PROPERTY_TYPE_ANY, 0, words_for(allowance))
            .sequence;
    xcb_get_property_reply_t *reply = NULL;
    if (cxs_session_reply(&r->session, sequence, (void **)&reply, &r->failure) != 0) return NULL;
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
        xcb_generic_event_t *event = cxs_session_event(&r->session, match_new_value, &wait, &r->failure);
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
    for (size_t i = 0; i < count; i++) sequences[i] = cxs_x.get_atom_name(r->session.conn, atoms[i]).sequence;
    byte_buffer names = { .max = r->buffer.max };
    int rc = 0;
    for (size_t i = 0; i < count && rc == 0; i++) {
        xcb_get_atom_name_reply_t *reply = NULL;
        rc = cxs_session_reply(&r->session, sequences[i], (void **)&reply, &r->failure);
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
    unsigned int sequence = cxs_x.get_selection_owner(r->session.conn, selection).sequence;
    xcb_get_selection_owner_reply_t *reply = NULL;
    if (cxs_session_reply(&r->session, sequence, (void **)&reply, &r->failure) != 0) return -1;
    xcb_window_t owner = reply->owner;
    free(reply);
    if (owner == XCB_NONE)
        return cxs_fail(&r->failure, CXS_NO_OWNER, "nobody owns %s on X display %s", r->selection, r->session.display);
    return cxs_fail(&r->failure, CXS_REFUSED, "the owner of %s on X display %s refused %s", r->selection,
                    r->session.display, r->target);
}

static int read_selection(reader *r) {
    cxs_session *s = &r->session;
    if (cxs_session_connect(s, 1, &r->failure) != 0) return -1;
    r->window = cxs_session_window(s);
    const char *names[] = { r->selection, r->target, "SHAREVIA_SELECTION", "INCR" };
    xcb_atom_t atoms[4];
    if (cxs_session_intern(s, names, 4, atoms, &r->failure) != 0) return -1;
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

int cxs_read(const char *display, const char *selection, const char *target, size_t max_len, long timeout_ms,
             const cxs_cancel *cancel, cxs_read_result *out) {
    memset(out, 0, sizeof *out);
    if (cxs_load(NULL, out->message, sizeof out->message) != 0) {
        out->status = CXS_LIBRARY_MISSING;
        return -1;
    }
    reader r;
    memset(&r, 0, sizeof r);
    cxs_session_init(&r.session, display, timeout_ms, cancel);
    r.selection = selection ? selection : "CLIPBOARD";
    r.target = target ? target : "UTF8_STRING";
    r.buffer.max = max_len;
    r.max_len = max_len;

    /* A write to a server that just died raises SIGPIPE on this thread: keep it pending, then
       discard it, so it never kills the process. */
    sigset_t pipe_only, previous;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);

    int rc = read_selection(&r);
    cxs_session_close(&r.session);

    sigset_t pending;
    if (!sigismember(&previous, SIGPIPE) && sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE)) {
        struct timespec zero = { 0, 0 };
        sigtimedwait(&pipe_only, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);

    if (rc != 0) {
        free(r.buffer.data);
        out->status = r.failure.status;
        out->xcb_error = r.failure.xcb_error;
        out->sys_errno = r.failure.sys_errno;
        memcpy(out->message, r.failure.message, sizeof out->message);
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

void cxs_read_result_free(cxs_read_result *result) {
    if (!result) return;
    free(result->data);
    result->data = NULL;
    result->length = 0;
}
