#ifndef CTHREADS_H
#define CTHREADS_H

#include <pthread.h>

/// Starts `body(context)` on a new joinable thread placed on another CPU than the caller's, and
/// stores it in `thread`; join it with pthread_join.
///
/// Linux puts a new thread on its creator's CPU, where it waits (up to milliseconds) for the
/// load balancer to move it to an idle one; work of a few milliseconds is over by then. So the
/// thread is created allowed only on the process's other CPUs, and once running there allowed on
/// all of them again. With one CPU allowed it is an ordinary thread.
///
/// Returns 0, or the error of pthread_create (nothing was started).
int cthreads_start_elsewhere(void (*body)(void *context), void *context, pthread_t *thread);

/// Catches SIGINT and SIGTERM (unless they are ignored) with a handler that writes the signal's
/// number, as one byte, to a new close-on-exec pipe, with SA_RESTART. Handlers are reset by exec,
/// so programs sharevia starts get the default ones. Returns the pipe's read end, or -1 with errno.
int cinterrupts_install(void);

/// Ends the process the way the signal's default action would (so a shell sees it was killed by
/// that signal): restores the default handler and raises it; exits 128 + the number if that
/// returns.
__attribute__((noreturn)) void cinterrupts_die(int signal_number);

#endif
