#ifndef CSV_SPAWN_H
#define CSV_SPAWN_H

#include <stddef.h>

/// The result of one sv_run call. Free the buffers with csv_result_free.
typedef struct {
    int exit_status;    ///< the exit code, or -1 when killed by a signal or not started
    int term_signal;    ///< the signal that ended it, or 0
    int timed_out;      ///< 1 when the deadline passed and the child was killed
    int spawn_errno;    ///< errno from posix_spawn (ENOENT, EACCES), or 0
    char *out;          ///< captured stdout (not NUL-terminated), may be NULL
    size_t out_len;
    char *err;          ///< captured stderr, may be NULL
    size_t err_len;
} csv_result;

/// Runs `path` with `argv` (NULL-terminated) and `envp` (NULL-terminated, or NULL to inherit).
///
/// The child gets `stdin_data` on stdin (or /dev/null when NULL), stdout and stderr on pipes
/// that are read until the *direct* child exits (then drained without waiting for EOF, so a
/// forked grandchild such as xclip's selection owner can't block us), and no other descriptor:
/// everything from 3 up is closed in the child. The child leads its own process group; after
/// `timeout_ms` the group is killed with SIGKILL and `timed_out` is set.
/// At most `max_output` bytes of each stream are kept.
/// Returns 0 when the child ran (whatever its status), -1 when it could not be started.
int csv_run(const char *path, char *const argv[], char *const envp[],
            const void *stdin_data, size_t stdin_len,
            long timeout_ms, size_t max_output, csv_result *result);

/// Frees the buffers of a result.
void csv_result_free(csv_result *result);

#endif
