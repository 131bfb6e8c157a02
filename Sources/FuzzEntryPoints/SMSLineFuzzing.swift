import TextFitting

/// `sharevia sms count --lines`' one-pass line counter for the `sms-count` fuzz target (`Fuzz/`).
/// The counter is `package`: it is the command's fast path, not part of the SMS engine
/// integrators use (``SMSSegmentCounter``, ``SMSAnalysis``, ``SMSTrimmer``).
@_spi(Fuzzing)
public enum SMSLineFuzzing {
    /// Counts `line` (bytes without their line feed): whether the counter took the bytes as UTF-8,
    /// and what it wrote (the summary and its notes, then a line feed; nothing when it refused).
    public static func count(_ line: UnsafeBufferPointer<UInt8>) -> (counted: Bool, written: [UInt8]) {
        var output: [UInt8] = []
        let counted = SMSLineCounter.count(line, appendingTo: &output) == .counted
        return (counted, output)
    }
}
