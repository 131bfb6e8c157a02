#ifndef CXS_X11_SELECTION_H
#define CXS_X11_SELECTION_H

#include <stddef.h>
#include <sys/types.h>

/// The size of the message buffers in the results, terminating NUL included.
#define CXS_MESSAGE_SIZE 256

/// How an own or read call ended.
typedef enum {
    CXS_OK = 0,               ///< done
    CXS_NO_OWNER = 1,         ///< nobody owns the selection
    CXS_REFUSED = 2,          ///< the owner refused the target (or another client took the selection at once)
    CXS_TIMED_OUT = 3,        ///< the deadline passed (the X server did not answer in time)
    CXS_CANCELLED = 4,        ///< the cancel flag was raised
    CXS_CONNECT_FAILED = 5,   ///< no connection to the display (`xcb_error` says why)
    CXS_CONNECTION_LOST = 6,  ///< the connection broke mid-way (`xcb_error` says why)
    CXS_TOO_LARGE = 7,        ///< the selection holds more than `max_len` bytes
    CXS_LIBRARY_MISSING = 8,  ///< libxcb.so.1 can't be loaded
    CXS_OUT_OF_MEMORY = 9,    ///< a buffer could not grow
    CXS_SYSTEM_ERROR = 10,    ///< a system call failed (`sys_errno`), or an argument was invalid (EINVAL)
} cxs_status;

/// A flag another thread raises to make a running cxs_own or cxs_read give up and return.
typedef struct cxs_cancel cxs_cancel;

/// Creates a lowered flag. Never NULL unless out of memory.
cxs_cancel *cxs_cancel_create(void);
/// Raises the flag; a call watching it returns CXS_CANCELLED within about 20 ms.
void cxs_cancel_raise(cxs_cancel *flag);
/// Frees the flag. No call may still be watching it.
void cxs_cancel_destroy(cxs_cancel *flag);

/// Loads libxcb with dlopen and resolves every function this target uses.
///
/// `soname` NULL (or "libxcb.so.1") loads the library once for the whole process (thread-safe;
/// later calls return the first outcome). Any other name only checks that it loads and has every
/// function, then closes it again: it exists to test the failure message. cxs_own and cxs_read
/// load the default library themselves. Returns 0, or -1 with a message in `err` (when non-NULL)
/// such as "libxcb.so.1 can't be loaded (apt-get install libxcb1): <dlerror>".
int cxs_load(const char *soname, char *err, size_t errlen);

/// One selection the owner serves: `length` bytes at `data` under each of `targets`.
typedef struct {
    const char *selection;        ///< the selection's atom name: "CLIPBOARD", "PRIMARY"
    const char *const *targets;   ///< the target names it is offered as, first is the preferred type
    size_t target_count;          ///< at least 1
    const void *data;             ///< the bytes (copied into the owner process through a memfd)
    size_t length;
} cxs_item;

/// The outcome of cxs_own.
typedef struct {
    cxs_status status;
    int xcb_error;                   ///< xcb_connection_has_error's code, or 0
    int sys_errno;                   ///< errno of a failed system call, or 0
    pid_t owner_pid;                 ///< the owner process (also set on failure when it was started)
    char message[CXS_MESSAGE_SIZE];  ///< empty on success; else one line naming the display
} cxs_own_result;

/// Starts a detached process that owns every item's selection on `display` and serves it.
///
/// The owner is this program re-executed (`/proc/self/exe`) in a hidden owner mode, in a session
/// of its own, never a fork() without exec (x11_owner_exec.c); a small detached thread of the
/// caller reaps it when it exits, so no zombie is left. The owner (named `sharevia-clip` in `ps`) resets its signals,
/// keeps only /dev/null on 0-2 and the report pipe, connects to `display` (NULL: $DISPLAY), takes
/// a server timestamp, sets itself as owner of each selection, confirms it, and reports back.
/// It then answers SelectionRequests (TARGETS, TIMESTAMP, each item's targets; INCR for data
/// larger than a request can carry) until it has lost every selection and finished its
/// transfers, or the connection breaks. Items must name distinct selections.
///
/// Returns once the owner reports, or after `timeout_ms` (negative: no limit), or when `cancel`
/// (may be NULL) is raised; in the last two cases the owner is killed with SIGKILL. Never blocks
/// past the deadline, even on a frozen X server. Returns 0 (status CXS_OK) or -1.
int cxs_own(const char *display, const cxs_item *items, size_t count, long timeout_ms,
            const cxs_cancel *cancel, cxs_own_result *out);

/// The outcome of cxs_read. Free `data` with cxs_read_result_free.
typedef struct {
    cxs_status status;
    int xcb_error;                   ///< xcb_connection_has_error's code, or 0
    int sys_errno;                   ///< errno of a failed system call, or 0
    unsigned char *data;             ///< the bytes (malloc'd), NULL when empty or on failure
    size_t length;
    char message[CXS_MESSAGE_SIZE];  ///< empty on success; else one line naming the display
} cxs_read_result;

/// Reads `selection` converted to `target` from `display` (NULL: $DISPLAY), in this process.
///
/// Connects, asks the owner with ConvertSelection (time CurrentTime), and collects the property,
/// following INCR transfers. `target` "TARGETS" gives the offered target names, one per line
/// (no trailing newline). More than `max_len` bytes ends with CXS_TOO_LARGE. A refusal is
/// CXS_NO_OWNER when nobody owns the selection, else CXS_REFUSED. Every wait is bounded by
/// `timeout_ms` from the start (negative: no limit) and watches `cancel` (may be NULL); even
/// the connection handshake, which runs on a helper thread that is abandoned at the deadline
/// (it ends when the server answers or dies). SIGPIPE is blocked on the calling thread while
/// it talks to the server. Returns 0 (status CXS_OK) or -1.
int cxs_read(const char *display, const char *selection, const char *target, size_t max_len,
             long timeout_ms, const cxs_cancel *cancel, cxs_read_result *out);

/// An open connection for reading selections, so that its handshake can overlap other work (an
/// owner starting up) and several reads can share it. One call at a time may use a reader.
typedef struct cxs_reader cxs_reader;

/// Connects to `display` (NULL: $DISPLAY) for reading and interns `names` (the selections and
/// targets about to be read; past 14, the rest wait for the read) with the reader's own atoms.
/// Bounded by `timeout_ms` and `cancel` like cxs_read; `cancel` is not kept. Returns the reader,
/// or NULL with the failure in `out` (which holds no data).
cxs_reader *cxs_reader_open(const char *display, const char *const *names, size_t count, long timeout_ms,
                            const cxs_cancel *cancel, cxs_read_result *out);
/// cxs_read on an open reader: the same contract, minus the handshake. A failure other than
/// CXS_NO_OWNER or CXS_REFUSED drops the connection (a late answer could pass for the next
/// read's), and the next read connects again.
int cxs_reader_read(cxs_reader *reader, const char *selection, const char *target, size_t max_len, long timeout_ms,
                    const cxs_cancel *cancel, cxs_read_result *out);
/// Disconnects and frees a reader (NULL is ignored).
void cxs_reader_close(cxs_reader *reader);
/// Frees the bytes of a read result and clears it.
void cxs_read_result_free(cxs_read_result *result);

/// A pidfd for process `pid` (pidfd_open, close-on-exec), or -1 with errno set. Signalling through
/// it reaches that process only, never one that later reuses its pid.
int cxs_pidfd_open(pid_t pid);
/// Sends `sig` to the process `pidfd` refers to (pidfd_send_signal). 0 on success, else -1 with
/// errno set (ESRCH once that process has exited).
int cxs_pidfd_send_signal(int pidfd, int sig);

#endif
