import CThreads
import Dispatch

/// Starts a thread that helps the calling one with a few milliseconds of computing.
///
/// Linux would put it on the caller's CPU, where it waits for the load balancer (on a small VM
/// often longer than the work takes); ``start(_:)`` places it on another CPU at once
/// (`cthreads_start_elsewhere`).
enum HelperThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread on another CPU (on Dispatch if no thread can be created).
    static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let result = cthreads_start_elsewhere(
            { raw in
                guard let raw else { return }
                Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            },
            context
        )
        if result != 0 {
            Unmanaged<Body>.fromOpaque(context).release()
            DispatchQueue.global().async(execute: body)
        }
    }
}
