/* Owning selections from a detached process (ICCCM 2.2 and 2.6), and starting that process. */
#define _GNU_SOURCE
#include "x11_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* The largest property written at once; more goes by INCR. Also bounded by the server's limit. */
#define CXS_CHUNK_MAX (1024 * 1024)
/* An INCR transfer that makes no progress for this long is dropped. */
#define CXS_TRANSFER_STALL_MS 10000
/* INCR transfers served at once; a request beyond this is refused. */
#define CXS_TRANSFERS_MAX 32
/* How long an owner that is done waits for the server to run its last requests. */
#define CXS_LEAVE_SYNC_MS 1000
/* The report descriptor in the owner process. */
#define CXS_REPORT_FD 3

/* MARK: Reports from the owner process */

enum { REPORT_RESULT = 2 };

/// One message on the report pipe: small enough (< PIPE_BUF) to be written atomically.
typedef struct {
    int32_t kind;
    int32_t status;
    int32_t xcb_error;
    int32_t sys_errno;
    int32_t pid;
    char message[CXS_MESSAGE_SIZE];
} report_record;

/// Writes a record; false when the reader is gone (the caller gave up on us).
static int write_record(int fd, const report_record *record) {
    ssize_t n;
    do n = write(fd, record, sizeof *record);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof *record;
}

/// Reports a failure from the owner process and exits.
static _Noreturn void owner_fail(const cxs_failure *failure) {
    report_record record = { .kind = REPORT_RESULT, .status = failure->status, .xcb_error = failure->xcb_error,
                             .sys_errno = failure->sys_errno, .pid = getpid() };
    memcpy(record.message, failure->message, sizeof record.message);
    write_record(CXS_REPORT_FD, &record);
    _exit(1);
}

/* MARK: The owner's state */

typedef struct {
    xcb_atom_t selection;
    xcb_atom_t *targets;
    size_t target_count;
    const uint8_t *data;
    size_t length;
    int owned;
} owned_item;

typedef struct {
    int active;
    xcb_window_t window;
    xcb_atom_t property;
    xcb_atom_t type;
    const owned_item *item;
    size_t offset;
    long deadline_ms;
} incr_transfer;

typedef struct {
    cxs_session session;
    xcb_window_t window;
    xcb_timestamp_t time;
    xcb_atom_t targets_atom, timestamp_atom, incr_atom, text_atom;
    owned_item *items;
    size_t count;
    size_t chunk;
    incr_transfer transfers[CXS_TRANSFERS_MAX];
} owner;

/* MARK: Serving */

/// SelectionNotify, sent to the requestor: `property` None means refused.
static void notify(owner *o, const xcb_selection_request_event_t *request, xcb_atom_t property) {
    /* xcb_send_event always copies 32 bytes. */
    union {
        xcb_selection_notify_event_t event;
        char bytes[32];
    } notice;
    memset(&notice, 0, sizeof notice);
    notice.event.response_type = XCB_SELECTION_NOTIFY;
    notice.event.time = request->time;
    notice.event.requestor = request->requestor;
    notice.event.selection = request->selection;
    notice.event.target = request->target;
    notice.event.property = property;
    cxs_x.send_event(o->session.conn, 0, request->requestor, XCB_EVENT_MASK_NO_EVENT, notice.bytes);
}

static int window_in_transfer(const owner *o, xcb_window_t window) {
    for (size_t i = 0; i < CXS_TRANSFERS_MAX; i++)
        if (o->transfers[i].active && o->transfers[i].window == window) return 1;
    return 0;
}

/// Ends a transfer and stops listening to its window when no other transfer uses it.
static void end_transfer(owner *o, incr_transfer *transfer, int window_alive) {
    transfer->active = 0;
    if (window_alive && !window_in_transfer(o, transfer->window)) {
        uint32_t none = XCB_EVENT_MASK_NO_EVENT;
        cxs_x.change_window_attributes(o->session.conn, transfer->window, XCB_CW_EVENT_MASK, &none);
    }
}

/// Starts an INCR transfer (ICCCM 2.7.2); false when too many run already.
static int start_incr(owner *o, const xcb_selection_request_event_t *request, xcb_atom_t property, xcb_atom_t type,
                      const owned_item *item) {
    incr_transfer *slot = NULL;
    for (size_t i = 0; i < CXS_TRANSFERS_MAX; i++) {
        incr_transfer *t = &o->transfers[i];
        if (t->active && t->window == request->requestor && t->property == property) { slot = t; break; }
        if (!t->active && !slot) slot = t;
    }
    if (!slot) return 0;
    uint32_t events = XCB_EVENT_MASK_PROPERTY_CHANGE | XCB_EVENT_MASK_STRUCTURE_NOTIFY;
    cxs_x.change_window_attributes(o->session.conn, request->requestor, XCB_CW_EVENT_MASK, &events);
    uint32_t size = item->length > UINT32_MAX ? UINT32_MAX : (uint32_t)item->length;
    cxs_x.change_property(o->session.conn, XCB_PROP_MODE_REPLACE, request->requestor, property, o->incr_atom, 32, 1,
                          &size);
    *slot = (incr_transfer){ .active = 1, .window = request->requestor, .property = property, .type = type,
                             .item = item, .offset = 0, .deadline_ms = cxs_now_ms() + CXS_TRANSFER_STALL_MS };
    return 1;
}

/// Sends the next chunk once the requestor deleted the last one; a zero-length one ends it.
static void continue_incr(owner *o, incr_transfer *t) {
    size_t left = t->item->length - t->offset;
    size_t n = left < o->chunk ? left : o->chunk;
    cxs_x.change_property(o->session.conn, XCB_PROP_MODE_REPLACE, t->window, t->property, t->type, 8, (uint32_t)n,
                          t->item->data + t->offset);
    if (n == 0) {
        end_transfer(o, t, 1);
        return;
    }
    t->offset += n;
    t->deadline_ms = cxs_now_ms() + CXS_TRANSFER_STALL_MS;
}

static owned_item *item_for(owner *o, xcb_atom_t selection) {
    for (size_t i = 0; i < o->count; i++)
        if (o->items[i].selection == selection) return &o->items[i];
    return NULL;
}

/// Answers one SelectionRequest (ICCCM 2.2): TARGETS, TIMESTAMP, an offered target, else refuse.
static void serve_request(owner *o, const xcb_selection_request_event_t *request) {
    xcb_connection_t *c = o->session.conn;
    /* An obsolete requestor passes None: use the target atom as the property. */
    xcb_atom_t property = request->property == XCB_NONE ? request->target : request->property;
    owned_item *item = item_for(o, request->selection);
    int in_time = request->time == XCB_CURRENT_TIME || (int32_t)(request->time - o->time) >= 0;
    if (!item || !item->owned || !in_time) {
        notify(o, request, XCB_NONE);
        return;
    }
    if (request->target == o->targets_atom) {
        xcb_atom_t stack_list[18];
        size_t n = item->target_count + 2;
        xcb_atom_t *list = n <= 18 ? stack_list : malloc(n * sizeof *list);
        if (!list) { notify(o, request, XCB_NONE); return; }
        list[0] = o->targets_atom;
        list[1] = o->timestamp_atom;
        memcpy(list + 2, item->targets, item->target_count * sizeof *list);
        cxs_x.change_property(c, XCB_PROP_MODE_REPLACE, request->requestor, property, XCB_ATOM_ATOM, 32, (uint32_t)n,
                              list);
        if (list != stack_list) free(list);
        notify(o, request, property);
        return;
    }
    if (request->target == o->timestamp_atom) {
        uint32_t time = o->time;
        cxs_x.change_property(c, XCB_PROP_MODE_REPLACE, request->requestor, property, XCB_ATOM_INTEGER, 32, 1, &time);
        notify(o, request, property);
        return;
    }
    for (size_t i = 0; i < item->target_count; i++) {
        if (item->targets[i] != request->target) continue;
        /* TEXT lets the owner choose the encoding: answer with the preferred (first) type. */
        xcb_atom_t type = request->target == o->text_atom ? item->targets[0] : request->target;
        if (item->length <= o->chunk) {
            cxs_x.change_property(c, XCB_PROP_MODE_REPLACE, request->requestor, property, type, 8,
                                  (uint32_t)item->length, item->data);
        } else if (!start_incr(o, request, property, type, item)) {
            break;
        }
        notify(o, request, property);
        return;
    }
    notify(o, request, XCB_NONE);
}

static void drop_transfers_of(owner *o, xcb_window_t window) {
    for (size_t i = 0; i < CXS_TRANSFERS_MAX; i++)
        if (o->transfers[i].active && o->transfers[i].window == window) o->transfers[i].active = 0;
}

static void handle_event(owner *o, const xcb_generic_event_t *event) {
    switch (event->response_type & 0x7F) {
    case 0: {
        /* An error from a request of ours: usually BadWindow from a requestor that went away. */
        const xcb_generic_error_t *error = (const xcb_generic_error_t *)event;
        if (error->resource_id && error->resource_id != o->window) drop_transfers_of(o, error->resource_id);
        break;
    }
    case XCB_SELECTION_REQUEST:
        serve_request(o, (const xcb_selection_request_event_t *)event);
        break;
    case XCB_SELECTION_CLEAR: {
        const xcb_selection_clear_event_t *clear = (const xcb_selection_clear_event_t *)event;
        owned_item *item = item_for(o, clear->selection);
        if (item && clear->owner == o->window) item->owned = 0;
        break;
    }
    case XCB_PROPERTY_NOTIFY: {
        const xcb_property_notify_event_t *change = (const xcb_property_notify_event_t *)event;
        if (change->state != XCB_PROPERTY_DELETE) break;
        for (size_t i = 0; i < CXS_TRANSFERS_MAX; i++) {
            incr_transfer *t = &o->transfers[i];
            if (t->active && t->window == change->window && t->property == change->atom) {
                continue_incr(o, t);
                break;
            }
        }
        break;
    }
    case XCB_DESTROY_NOTIFY:
        drop_transfers_of(o, ((const xcb_destroy_notify_event_t *)event)->window);
        break;
    default:
        break;
    }
}

/// Exits once the server has processed every request we sent (the last INCR chunk, say).
///
/// Closing a Unix socket with unread data in its receive queue (events the server just sent us)
/// makes Linux report ECONNRESET to the server, and the X server then drops the client without
/// running the requests still in its buffer. A round trip first makes sure none are left.
static _Noreturn void leave(owner *o) {
    cxs_session *s = &o->session;
    if (!cxs_x.connection_has_error(s->conn)) {
        s->deadline_ms = cxs_now_ms() + CXS_LEAVE_SYNC_MS;
        s->timeout_ms = CXS_LEAVE_SYNC_MS;
        void *reply = NULL;
        cxs_failure ignored;
        if (cxs_session_reply(s, cxs_x.get_input_focus(s->conn).sequence, &reply, &ignored) == 0) free(reply);
    }
    _exit(0);
}

/// Serves until every selection is lost and every transfer ended, or the connection breaks.
static _Noreturn void serve(owner *o) {
    xcb_connection_t *c = o->session.conn;
    for (;;) {
        xcb_generic_event_t *event;
        while ((event = cxs_x.poll_for_event(c))) {
            handle_event(o, event);
            free(event);
        }
        if (cxs_x.connection_has_error(c)) _exit(0);
        long now = cxs_now_ms();
        long next = -1;
        int owned = 0, transferring = 0;
        for (size_t i = 0; i < CXS_TRANSFERS_MAX; i++) {
            incr_transfer *t = &o->transfers[i];
            if (!t->active) continue;
            if (t->deadline_ms <= now) {
                end_transfer(o, t, 1);
                continue;
            }
            transferring = 1;
            if (next < 0 || t->deadline_ms < next) next = t->deadline_ms;
        }
        for (size_t i = 0; i < o->count; i++) owned |= o->items[i].owned;
        if (!owned && !transferring) leave(o);
        if (cxs_x.flush(c) <= 0) _exit(0);
        /* Flushing may have read events while it waited to write: serve those before sleeping. */
        if ((event = cxs_x.poll_for_queued_event(c))) {
            handle_event(o, event);
            free(event);
            continue;
        }
        struct pollfd p = { .fd = o->session.fd, .events = POLLIN };
        int wait = next < 0 ? -1 : (int)(next - now);
        if (poll(&p, 1, wait) < 0 && errno != EINTR) _exit(0);
    }
}

/* MARK: Taking ownership */

static int match_own_timestamp(const xcb_generic_event_t *event, const void *context) {
    const owner *o = context;
    if ((event->response_type & 0x7F) != XCB_PROPERTY_NOTIFY) return 0;
    const xcb_property_notify_event_t *change = (const xcb_property_notify_event_t *)event;
    return change->window == o->window && change->atom == XCB_ATOM_WM_NAME;
}

/// Connects, takes a timestamp and every selection, and confirms; -1 with `failure` set.
static int take_ownership(owner *o, const char *display, const cxs_item *items, size_t count, cxs_failure *failure) {
    cxs_session *s = &o->session;
    /* No deadline here: the caller kills us at its deadline, and an alarm covers a dead caller. */
    cxs_session_init(s, display, -1, NULL);
    if (cxs_session_connect(s, 0, failure) != 0) return -1;
    xcb_connection_t *c = s->conn;
    cxs_x.prefetch_extension_data(c, cxs_x.big_requests_id);

    /* Our window; naming it gives a PropertyNotify carrying a real server time (ICCCM 2.1). */
    o->window = cxs_session_window(s);
    static const char name[] = "sharevia-clip";
    cxs_x.change_property(c, XCB_PROP_MODE_REPLACE, o->window, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8,
                          sizeof name - 1, name);

    size_t target_total = 0;
    for (size_t i = 0; i < count; i++) target_total += items[i].target_count;
    size_t name_count = 4 + count + target_total;
    const char **names = malloc(name_count * sizeof *names);
    xcb_atom_t *atoms = malloc(name_count * sizeof *atoms);
    o->items = calloc(count, sizeof *o->items);
    if (!names || !atoms || !o->items) return cxs_fail(failure, CXS_OUT_OF_MEMORY, "out of memory");
    names[0] = "TARGETS";
    names[1] = "TIMESTAMP";
    names[2] = "INCR";
    names[3] = "TEXT";
    size_t next = 4;
    for (size_t i = 0; i < count; i++) names[next++] = items[i].selection;
    for (size_t i = 0; i < count; i++)
        for (size_t j = 0; j < items[i].target_count; j++) names[next++] = items[i].targets[j];
    if (cxs_session_intern(s, names, name_count, atoms, failure) != 0) return -1;
    o->targets_atom = atoms[0];
    o->timestamp_atom = atoms[1];
    o->incr_atom = atoms[2];
    o->text_atom = atoms[3];
    o->count = count;
    next = 4 + count;
    for (size_t i = 0; i < count; i++) {
        owned_item *item = &o->items[i];
        item->selection = atoms[4 + i];
        item->targets = atoms + next;
        item->target_count = items[i].target_count;
        item->data = items[i].data;
        item->length = items[i].length;
        next += items[i].target_count;
    }
    free(names);

    xcb_generic_event_t *stamp = cxs_session_event(s, match_own_timestamp, o, failure);
    if (!stamp) return -1;
    o->time = ((xcb_property_notify_event_t *)stamp)->time;
    free(stamp);

    /* The extension reply came before the atoms', so this sends BigReqEnable without waiting. */
    cxs_x.prefetch_maximum_request_length(c);
    unsigned int stack_sequences[8];
    unsigned int *sequences = count <= 8 ? stack_sequences : malloc(count * sizeof *sequences);
    if (!sequences) return cxs_fail(failure, CXS_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < count; i++) cxs_x.set_selection_owner(c, o->window, o->items[i].selection, o->time);
    for (size_t i = 0; i < count; i++) sequences[i] = cxs_x.get_selection_owner(c, o->items[i].selection).sequence;
    for (size_t i = 0; i < count; i++) {
        xcb_get_selection_owner_reply_t *reply = NULL;
        if (cxs_session_reply(s, sequences[i], (void **)&reply, failure) != 0) return -1;
        xcb_window_t current = reply->owner;
        free(reply);
        if (current != o->window)
            return cxs_fail(failure, CXS_REFUSED, "another client took %s on X display %s at once", items[i].selection,
                            s->display);
        o->items[i].owned = 1;
    }
    if (sequences != stack_sequences) free(sequences);

    /* In 4-byte units; its reply has arrived already (replies come in order). Leave room for
       the request header. */
    size_t limit = (size_t)cxs_x.get_maximum_request_length(c) * 4;
    o->chunk = limit > 2048 ? limit - 1024 : 1024;
    if (o->chunk > CXS_CHUNK_MAX) o->chunk = CXS_CHUNK_MAX;
    return 0;
}

/// Makes this process a quiet daemon: default signals, /dev/null on 0-2, the report pipe on 3,
/// nothing else open, a recognisable name.
static void become_daemon(int report_fd) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++) sigaction(sig, &action, NULL);
    /* A write to a dead server fails (and ends the serve loop) instead of killing us silently. */
    action.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &action, NULL);

    int report = fcntl(report_fd, F_DUPFD, CXS_REPORT_FD);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0)
        for (int fd = 0; fd <= 2; fd++)
            if (null != fd) dup2(null, fd);
    if (report >= 0 && report != CXS_REPORT_FD) dup2(report, CXS_REPORT_FD);
    closefrom(CXS_REPORT_FD + 1);
    prctl(PR_SET_NAME, "sharevia-clip", 0, 0, 0);
    if (chdir("/") != 0) { /* nothing to do: the directory only matters for unmounting */ }
}

void cxs_owner_report_failure(int report_fd, cxs_status status, int sys_errno, const char *message) {
    report_record record = { .kind = REPORT_RESULT, .status = status, .sys_errno = sys_errno, .pid = getpid() };
    snprintf(record.message, sizeof record.message, "%s", message);
    write_record(report_fd, &record);
}

void cxs_owner_main(int report_fd, const char *display, const cxs_item *items, size_t count, long timeout_ms) {
    become_daemon(report_fd);
    /* If our caller died before it could kill us, don't hang on a frozen server for ever. */
    if (timeout_ms >= 0) alarm((unsigned)(timeout_ms / 1000 + 2));
    owner o;
    memset(&o, 0, sizeof o);
    cxs_failure failure;
    memset(&failure, 0, sizeof failure);
    if (take_ownership(&o, display, items, count, &failure) != 0) owner_fail(&failure);
    alarm(0);
    report_record ok = { .kind = REPORT_RESULT, .status = CXS_OK, .pid = getpid() };
    /* No reader: the caller gave up (and may have tried to kill us). Let the selections go. */
    if (!write_record(CXS_REPORT_FD, &ok)) _exit(0);
    close(CXS_REPORT_FD);
    serve(&o);
}

/* MARK: The caller's side */

static int own_fail(cxs_own_result *out, cxs_status status, int sys_errno, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static int own_fail(cxs_own_result *out, cxs_status status, int sys_errno, const char *format, ...) {
    out->status = status;
    out->sys_errno = sys_errno;
    va_list args;
    va_start(args, format);
    vsnprintf(out->message, sizeof out->message, format, args);
    va_end(args);
    return -1;
}

/// SIGKILLs the owner, but only while it still holds the report pipe open (so the pid can't
/// have been reused): a pidfd pins the process, then the pipe proves it is still ours.
static void kill_owner(pid_t pid, int report) {
    if (pid <= 0) return;
#ifdef SYS_pidfd_open
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (pidfd >= 0) {
        struct pollfd p = { .fd = report, .events = POLLIN };
        int hung_up = poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR));
        if (!hung_up) syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
        close(pidfd);
        return;
    }
#endif
    kill(pid, SIGKILL);
}

static int validate(const cxs_item *items, size_t count) {
    if (!items || count == 0) return 0;
    for (size_t i = 0; i < count; i++) {
        if (!items[i].selection || !items[i].targets || items[i].target_count == 0) return 0;
        if (items[i].length && !items[i].data) return 0;
        if (items[i].length > UINT32_MAX) return 0;
        for (size_t j = 0; j < items[i].target_count; j++)
            if (!items[i].targets[j]) return 0;
        for (size_t j = 0; j < i; j++)
            if (strcmp(items[i].selection, items[j].selection) == 0) return 0;
    }
    return 1;
}

/// Waits for the owner to exit, so it leaves no zombie behind.
static void *reaper_main(void *context) {
    pid_t pid = (pid_t)(intptr_t)context;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    return NULL;
}

/// Reaps the owner when it exits (it may serve for hours): on a small detached thread, or now if
/// it has exited already or no thread can be started.
static void reap_when_done(pid_t pid) {
    if (waitpid(pid, NULL, WNOHANG) != 0) return;
    pthread_attr_t attributes;
    pthread_t thread;
    int started = 0;
    if (pthread_attr_init(&attributes) == 0) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, 64 * 1024);
        started = pthread_create(&thread, &attributes, reaper_main, (void *)(intptr_t)pid) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (!started) waitpid(pid, NULL, WNOHANG);
}

/// How the wait for the owner's report ended.
typedef enum { WAIT_REPORTED, WAIT_TIMED_OUT, WAIT_CANCELLED, WAIT_EXITED, WAIT_FAILED } wait_outcome;

/// Reads the report pipe until the result record, the deadline, the cancel flag or EOF.
static wait_outcome wait_for_report(int report, long deadline, const cxs_cancel *cancel, cxs_own_result *out,
                                    report_record *record) {
    size_t have = 0;
    for (;;) {
        int over = 0;
        long wait = cxs_wait_budget(deadline, cancel, &over);
        if (over) return cxs_cancel_raised(cancel) ? WAIT_CANCELLED : WAIT_TIMED_OUT;
        struct pollfd p = { .fd = report, .events = POLLIN };
        int rc = poll(&p, 1, (int)wait);
        if (rc < 0 && errno != EINTR) {
            out->sys_errno = errno;
            return WAIT_FAILED;
        }
        if (rc <= 0) continue;
        ssize_t n = read(report, (char *)record + have, sizeof *record - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return WAIT_EXITED;
        have += (size_t)n;
        if (have < sizeof *record) continue;
        have = 0;
        if (record->kind == REPORT_RESULT) return WAIT_REPORTED;
    }
}

int cxs_own(const char *display, const cxs_item *items, size_t count, long timeout_ms, const cxs_cancel *cancel,
            cxs_own_result *out) {
    memset(out, 0, sizeof *out);
    const char *display_arg = display && *display ? display : NULL;
    const char *shown = display_arg ? display_arg : "$DISPLAY";
    if (cxs_load(NULL, out->message, sizeof out->message) != 0) {
        out->status = CXS_LIBRARY_MISSING;
        return -1;
    }
    if (!validate(items, count))
        return own_fail(out, CXS_SYSTEM_ERROR, EINVAL, "invalid selection items for X display %s", shown);
    long deadline = timeout_ms >= 0 ? cxs_now_ms() + timeout_ms : -1;

    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return own_fail(out, CXS_SYSTEM_ERROR, errno, "can't start the owner for X display %s: %s", shown,
                        strerror(errno));
    /* Not fork() alone: this process may have threads, and a forked copy of it may only call
       async-signal-safe functions until it execs. The owner is this program started afresh in its
       hidden owner mode (x11_owner_exec.c), with the items in a memfd. */
    pid_t child = 0;
    int spawn_errno = cxs_owner_spawn(fds[1], display_arg, items, count, timeout_ms, &child);
    if (spawn_errno != 0) {
        close(fds[0]);
        close(fds[1]);
        return own_fail(out, CXS_SYSTEM_ERROR, spawn_errno, "can't start the owner for X display %s: %s", shown,
                        strerror(spawn_errno));
    }
    close(fds[1]);
    out->owner_pid = child;

    report_record record;
    memset(&record, 0, sizeof record);
    wait_outcome outcome = wait_for_report(fds[0], deadline, cancel, out, &record);
    if (outcome != WAIT_REPORTED) kill_owner(child, fds[0]);
    close(fds[0]);
    reap_when_done(child);
    switch (outcome) {
    case WAIT_REPORTED: break;
    case WAIT_TIMED_OUT:
        return own_fail(out, CXS_TIMED_OUT, 0, "X display %s did not answer within %ld ms", shown, timeout_ms);
    case WAIT_CANCELLED:
        return own_fail(out, CXS_CANCELLED, 0, "cancelled while taking the selection on X display %s", shown);
    case WAIT_EXITED:
        return own_fail(out, CXS_SYSTEM_ERROR, 0, "the selection owner for X display %s exited without reporting",
                        shown);
    case WAIT_FAILED:
        return own_fail(out, CXS_SYSTEM_ERROR, out->sys_errno, "waiting for the owner on X display %s failed: %s",
                        shown, strerror(out->sys_errno));
    }
    out->status = (cxs_status)record.status;
    out->xcb_error = record.xcb_error;
    out->sys_errno = record.sys_errno;
    if (record.status == CXS_OK) return 0;
    record.message[sizeof record.message - 1] = 0;
    if (record.message[0])
        memcpy(out->message, record.message, sizeof out->message);
    else
        snprintf(out->message, sizeof out->message, "can't start the owner for X display %s: %s", shown,
                 strerror(record.sys_errno));
    return -1;
}
