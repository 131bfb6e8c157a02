/// Checks the raw process arguments, before Swift repairs bad bytes into U+FFFD.
enum ArgumentEncoding {
    /// The 1-based position of the first argument that is not valid UTF-8, or nil.
    static func firstInvalidArgument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                count: length
            )
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#endif
