/* Shared between the files of CX11Selection; not part of the public header (it pulls in xcb.h). */
#ifndef CXS_X11_INTERNAL_H
#define CXS_X11_INTERNAL_H

#include "x11_selection.h"

#include <stdatomic.h>
#include <xcb/bigreq.h>
#include <xcb/xcb.h>
#include <xcb/xcbext.h>

struct cxs_cancel {
    atomic_int raised;
};

/// True once `flag` (may be NULL) has been raised.
int cxs_cancel_raised(const cxs_cancel *flag);

/// Every libxcb entry point used here, resolved with dlsym by cxs_load.
typedef struct {
    __typeof__(&xcb_connect) connect;
    __typeof__(&xcb_disconnect) disconnect;
    __typeof__(&xcb_connection_has_error) connection_has_error;
    __typeof__(&xcb_get_setup) get_setup;
    __typeof__(&xcb_setup_roots_iterator) setup_roots_iterator;
    __typeof__(&xcb_screen_next) screen_next;
    __typeof__(&xcb_generate_id) generate_id;
    __typeof__(&xcb_flush) flush;
    __typeof__(&xcb_get_file_descriptor) get_file_descriptor;
    __typeof__(&xcb_poll_for_event) poll_for_event;
    __typeof__(&xcb_poll_for_queued_event) poll_for_queued_event;
    __typeof__(&xcb_poll_for_reply) poll_for_reply;
    __typeof__(&xcb_prefetch_extension_data) prefetch_extension_data;
    __typeof__(&xcb_prefetch_maximum_request_length) prefetch_maximum_request_length;
    __typeof__(&xcb_get_maximum_request_length) get_maximum_request_length;
    __typeof__(&xcb_create_window) create_window;
    __typeof__(&xcb_change_window_attributes) change_window_attributes;
    __typeof__(&xcb_change_property) change_property;
    __typeof__(&xcb_get_property) get_property;
    __typeof__(&xcb_get_property_value) get_property_value;
    __typeof__(&xcb_get_property_value_length) get_property_value_length;
    __typeof__(&xcb_intern_atom) intern_atom;
    __typeof__(&xcb_get_atom_name) get_atom_name;
    __typeof__(&xcb_get_atom_name_name) get_atom_name_name;
    __typeof__(&xcb_get_atom_name_name_length) get_atom_name_name_length;
    __typeof__(&xcb_set_selection_owner) set_selection_owner;
    __typeof__(&xcb_get_selection_owner) get_selection_owner;
    __typeof__(&xcb_convert_selection) convert_selection;
    __typeof__(&xcb_send_event) send_event;
    __typeof__(&xcb_get_input_focus) get_input_focus;
    xcb_extension_t *big_requests_id;
} cxs_xcb_table;

/// The table for the default library; valid once cxs_load(NULL, ...) returned 0.
extern cxs_xcb_table cxs_x;

/// Milliseconds on CLOCK_MONOTONIC.
long cxs_now_ms(void);

/// Milliseconds a wait may take now: -1 for ever, 0 once the deadline (-1: none) passed or
/// `cancel` (may be NULL) is raised, which also sets `*over`; sliced to 20 ms while a cancel flag
/// is watched, so a raised flag is seen within that.
long cxs_wait_budget(long deadline_ms, const cxs_cancel *cancel, int *over);

/// Why a step failed: what the result structs carry besides their payload.
typedef struct {
    cxs_status status;
    int xcb_error;
    int sys_errno;
    char message[CXS_MESSAGE_SIZE];
} cxs_failure;

/// Records a failure (printf-style message). Returns -1, for `return cxs_fail(...)`.
int cxs_fail(cxs_failure *failure, cxs_status status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// One conversation with an X server, every wait bounded by `deadline_ms` and `cancel`.
typedef struct {
    xcb_connection_t *conn;
    int fd;
    xcb_screen_t *screen;
    const char *display;      ///< for messages; "$DISPLAY" when the caller passed NULL
    const char *display_arg;  ///< what xcb_connect gets (NULL: $DISPLAY)
    long timeout_ms;          ///< for messages
    long deadline_ms;         ///< CLOCK_MONOTONIC ms, or -1 for none
    const cxs_cancel *cancel;
} cxs_session;

/// Prepares a session (no connection yet) with a deadline `timeout_ms` from now (negative: none).
void cxs_session_init(cxs_session *s, const char *display, long timeout_ms, const cxs_cancel *cancel);

/// Connects and finds the screen. With `bounded`, the handshake runs on a helper thread so the
/// deadline and the cancel flag hold even when the server never answers; without, it blocks.
int cxs_session_connect(cxs_session *s, int bounded, cxs_failure *failure);

/// Flushes, then waits for the reply to request `sequence`. On 0, `*reply` is malloc'd.
int cxs_session_reply(cxs_session *s, unsigned int sequence, void **reply, cxs_failure *failure);

/// Flushes, then waits for the first event `match` accepts; other events are discarded.
/// Returns the event (malloc'd) or NULL with `failure` set.
xcb_generic_event_t *cxs_session_event(cxs_session *s, int (*match)(const xcb_generic_event_t *, const void *),
                                       const void *context, cxs_failure *failure);

/// Interns `count` atoms with one round trip (every request sent before the first reply is read).
int cxs_session_intern(cxs_session *s, const char *const *names, size_t count, xcb_atom_t *atoms,
                       cxs_failure *failure);

/// Creates an unmapped InputOnly window on the root that reports property changes.
xcb_window_t cxs_session_window(cxs_session *s);

/// Disconnects (never blocks: xcb_disconnect does not flush).
void cxs_session_close(cxs_session *s);

/// The owner process's body (x11_owner.c): becomes a quiet daemon, owns every item's selection on
/// `display`, reports on `report_fd`, serves. Never returns.
_Noreturn void cxs_owner_main(int report_fd, const char *display, const cxs_item *items, size_t count,
                              long timeout_ms);

/// Reports a failure on `report_fd` the way the owner does, for a failure before cxs_owner_main.
void cxs_owner_report_failure(int report_fd, cxs_status status, int sys_errno, const char *message);

/// Starts the owner (x11_owner_exec.c): this program re-executed in its hidden owner mode, in a
/// session of its own, the items in a memfd on its stdin and `report_fd` as its descriptor 3.
/// Returns 0 and sets `*pid`, or the errno of the failure (nothing was started).
int cxs_owner_spawn(int report_fd, const char *display, const cxs_item *items, size_t count, long timeout_ms,
                    pid_t *pid);

#endif
