/// Follows a program's stdout byte by byte to see when it holds one complete top-level JSON
/// object, for ``ProcessInvocation/answerGracePeriod``.
///
/// Only the nesting of `{}` and `[]` outside strings is followed; the object is not parsed. Output
/// whose first non-blank byte is not `{` never completes.
struct JSONAnswerWatch {
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false
    private var refused = false
    /// True once a complete top-level object has been seen.
    private(set) var isComplete = false

    /// Reads more of stdout; returns ``isComplete``.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if isComplete || refused { break }
            if !started {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                    || byte == UInt8(ascii: "\t")
                {
                    continue
                }
                guard byte == UInt8(ascii: "{") else {
                    refused = true
                    break
                }
                started = true
                depth = 1
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { isComplete = true }
            default: break
            }
        }
        return isComplete
    }
}
