#if canImport(Glibc)
import Glibc
#endif

/// A NULL-terminated array of C strings that lives as long as the value.
final class CStringArray {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    /// The environment as `NAME=value` strings, sorted so runs are reproducible.
    convenience init(environment: [String: String]) {
        self.init(environment.map { "\($0.key)=\($0.value)" }.sorted())
    }

    deinit { for pointer in pointers { free(pointer) } }

    func withPointers<R>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Runs `body` with the environment's pointers, or nil (inherit ours) when there is none.
func withOptionalPointers<R>(
    _ array: CStringArray?,
    _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> R
) -> R {
    if let array { return array.withPointers { body($0) } }
    return body(nil)
}
