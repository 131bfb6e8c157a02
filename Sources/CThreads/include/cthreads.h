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

#endif
