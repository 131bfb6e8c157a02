import CThreads

#if canImport(Glibc)
import Glibc
#endif

/// A thread that helps the calling one with a few milliseconds of computing.
///
/// Linux would put it on the caller's CPU, where it waits for the load balancer (on a small VM
/// often longer than the work takes); ``start(_:)`` places it on another CPU at once
/// (`cthreads_start_elsewhere`).
struct HelperThread {
    private let thread: pthread_t

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread on another CPU; nil when no thread can be created (the caller
    /// then does the work itself).
    static func start(_ body: @escaping @Sendable () -> Void) -> HelperThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = cthreads_start_elsewhere(
            { raw in
                guard let raw else { return }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            },
            context,
            &thread
        )
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        return HelperThread(thread: thread)
    }

    /// Waits for the thread's body to return.
    func join() {
        pthread_join(thread, nil)
    }
}
