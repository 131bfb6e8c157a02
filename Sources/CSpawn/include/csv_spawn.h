#ifndef CSV_SPAWN_H
#define CSV_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* What stays in C beside swift-subprocess, which spawns and watches every other child:
   - the live process groups and the signal handler that kills them: a signal handler may only
     touch async-signal-safe state (an array of atomics here), which Swift code can't promise to
     be (it may allocate, retain, or take the runtime's locks);
   - csv_spawn_detached and csv_wait_exit for BackgroundProcess (test servers such as Xvfb): a
     program started synchronously that outlives the call starting it, while swift-subprocess's
     `run` returns only after its child has exited. */

/// Remembers the process group `pid` leads (a child that must leave nothing behind, such as a
/// plugin) until csv_live_group_remove, so that csv_kill_live_groups reaches it. The first call
/// also installs a handler for SIGINT, SIGTERM and SIGHUP, each where still at its default
/// action, that kills every remembered group and then lets the signal end the process. Remove
/// the group before reaping its leader (the group id is free for reuse after that).
void csv_live_group_add(pid_t pid);

/// Forgets the group `pid` leads.
void csv_live_group_remove(pid_t pid);

/// An anonymous in-memory file (memfd_create, close-on-exec) for a child's stdin; -1 with errno.
/// Here because Glibc's Swift module hides memfd_create, a GNU extension.
int csv_memfd_create(const char *name);

/// Sends SIGKILL to every remembered group: for a process about to end by a signal it handles itself.
void csv_kill_live_groups(void);

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
