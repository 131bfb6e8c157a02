// Not dead: with MemberImportVisibility the zero initializers of `pthread_attr_t` and `pthread_t`
// resolve to the copies Clang imports through CSpawn's <sys/types.h>.
import CSpawn
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work (a `waitpid`, a `poll`) on a thread of its own.
///
/// Not on `DispatchQueue.global()`: on Linux its pool is about as wide as the CPU count and is
/// slow to add threads when they block, so a few concurrent waits (a frozen X server, a child
/// sleeping out its timeout) would delay every other command by up to a second. A detached
/// pthread costs tens of microseconds and never waits for a free worker. The process runner
/// waits on it, and so does the clipboard's X11 client for its bounded X round trips.
package enum BlockingThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread (or, if no thread can be created, on Dispatch).
    package static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let rc = pthread_create(
            &thread,
            &attributes,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            },
            context
        )
        if rc != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            DispatchQueue.global().async(execute: body)
        }
    }
}
