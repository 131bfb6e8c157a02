// CX11Selection: with MemberImportVisibility, the zero initializer of `pthread_attr_t` resolves to the
// copy Clang imports through a C module's <sys/types.h>.
import CX11Selection
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Runs one blocking C call of the X11 client on a thread of its own, off Swift's cooperative pool.
///
/// A private copy of ProcessRunning's `BlockingThread` (internal there): a detached pthread costs
/// tens of microseconds and never waits for a free worker, unlike `DispatchQueue.global()`,
/// whose Linux pool grows slowly when its threads block (a frozen X server blocks until timeout).
enum X11BlockingThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread (or, if no thread can be created, on Dispatch).
    static func start(_ body: @escaping @Sendable () -> Void) {
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
