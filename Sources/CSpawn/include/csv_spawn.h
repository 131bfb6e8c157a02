#ifndef CSV_SPAWN_H
#define CSV_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* What stays in C beside swift-subprocess, which spawns and watches every child:
   - the live process groups and the signal handler that kills them: a signal handler may only
     touch async-signal-safe state (an array of atomics here), which Swift code can't promise to
     be (it may allocate, retain, or take the runtime's locks), and swift-subprocess has no
     registry of its children that a signal handler could reach;
   - memfd_create, which Glibc's Swift module hides (a GNU extension). */

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

#endif
