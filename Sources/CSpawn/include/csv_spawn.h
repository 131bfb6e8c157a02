#ifndef CSV_SPAWN_H
#define CSV_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/// The result of one csv_run call. Free the buffers with csv_result_free.
typedef struct {
    int exit_status;    ///< the exit code, or -1 when killed by a signal or not started
    int term_signal;    ///< the signal that ended it, or 0
    int timed_out;      ///< 1 when the deadline passed and the child was killed
    int cancelled;      ///< 1 when the cancel flag was raised and the child was killed
    int spawn_errno;    ///< errno from posix_spawn (ENOENT, EACCES), or 0
    int stdin_errno;    ///< errno from opening `stdin_path` (ENOENT, EACCES), or 0; nothing was spawned
    int out_of_memory;  ///< 1 when a buffer could not grow, so `out` or `err` lacks bytes the child wrote
    char *out;          ///< captured stdout (not NUL-terminated), may be NULL
    size_t out_len;
    char *err;          ///< captured stderr, may be NULL
    size_t err_len;
    int answered_then_lingered; ///< 1 when stdout held a complete JSON object but the child had not
                                ///< exited `grace_ms` later, so its group was killed (csv_run_with_options)
} csv_result;

/// What csv_run_with_options does beyond csv_run; all zero is csv_run.
typedef struct {
    int kill_group_on_exit;     ///< SIGKILL the child's process group once the child exited or was killed,
                                ///< so nothing it started outlives it (never for xclip, whose owner must);
                                ///< and when SIGINT, SIGTERM or SIGHUP (left at their default) end this
                                ///< process meanwhile, kill the group first
    int stop_after_json_object; ///< once stdout holds one complete top-level JSON object, wait at most
                                ///< `grace_ms` for the child to exit, then kill its group
    long grace_ms;
} csv_run_options;

/// A flag another thread raises to make a running csv_run kill its child and return.
typedef struct csv_cancel_flag csv_cancel_flag;

/// Creates a lowered flag. Never NULL unless out of memory.
csv_cancel_flag *csv_cancel_flag_create(void);
/// Raises the flag and kills the process group of the child a csv_run is watching it for, at once;
/// that csv_run then reaps the child and returns.
void csv_cancel_flag_raise(csv_cancel_flag *flag);
/// Frees the flag. No csv_run may still be watching it.
void csv_cancel_flag_destroy(csv_cancel_flag *flag);

/// Runs `path` with `argv` (NULL-terminated) and `envp` (NULL-terminated, or NULL to inherit).
///
/// The child's stdin is `stdin_data` through a pipe when that is non-NULL, else the file at
/// `stdin_path` when that is non-NULL (opened here, before spawning, so a missing file sets
/// `stdin_errno` rather than passing for a missing program), else /dev/null. Its stdout and stderr go to pipes that are
/// read until the *direct* child exits (then drained without waiting for EOF, so a forked
/// grandchild such as xclip's selection owner can't block us), and it gets no other descriptor:
/// everything from 3 up is closed in the child. The child leads its own process group; after
/// `timeout_ms`, or when `cancel` (may be NULL) is raised, the group is killed with SIGKILL and
/// `timed_out` or `cancelled` is set. The child's exit wakes the wait at once (pidfd), so a
/// short command costs no polling delay. At most `max_output` bytes of each stream are kept;
/// `out_of_memory` is set when fewer could be. Returns 0 when the child ran (whatever its
/// status), -1 when it could not be started (`spawn_errno` or `stdin_errno` says why).
int csv_run(const char *path, char *const argv[], char *const envp[],
            const void *stdin_data, size_t stdin_len, const char *stdin_path,
            long timeout_ms, size_t max_output, const csv_cancel_flag *cancel,
            csv_result *result);

/// csv_run with `options` (may be NULL, meaning all zero).
int csv_run_with_options(const char *path, char *const argv[], char *const envp[],
                         const void *stdin_data, size_t stdin_len, const char *stdin_path,
                         long timeout_ms, size_t max_output, const csv_cancel_flag *cancel,
                         const csv_run_options *options, csv_result *result);

/// Sends SIGKILL to the group of every child run with kill_group_on_exit that is still
/// unreaped: for a process about to end by a signal it handles itself.
void csv_kill_live_groups(void);

/// Frees the buffers of a result.
void csv_result_free(csv_result *result);

/// Starts a long-running program (a server such as Xvfb) and returns at once.
///
/// The child leads its own process group, reads /dev/null, writes stdout and stderr to
/// `output_path` (created or truncated, 0600; /dev/null when NULL) and gets no descriptor from
/// 3 up. Returns 0 and sets `*pid`, or the errno of the failure.
int csv_spawn_detached(const char *path, char *const argv[], char *const envp[],
                       const char *output_path, pid_t *pid);

/// Waits up to `timeout_ms` for `pid` (a child of ours) to exit and reaps it.
///
/// Returns 1 and sets `*status` (waitpid's status) when it exited, 0 when it is still running
/// at the deadline, -1 on error (errno set; ECHILD when it was already reaped).
int csv_wait_exit(pid_t pid, long timeout_ms, int *status);

#endif
