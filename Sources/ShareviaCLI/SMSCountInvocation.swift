import TextFitting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed `sharevia sms count`: what ``SMSCountCommand`` and ``SMSCountFastPath`` both run.
struct SMSCountInvocation: Equatable {
    var json = false
    var lines = false
    var smartEncoding = false
    var text: String?

    /// Counts the inputs and prints one line (or JSON object) for each.
    ///
    /// - Throws: ``CommandFailure`` (usage) when standard input is not UTF-8.
    func run() throws {
        if lines && !json && !smartEncoding {
            try countLines()
            return
        }
        var output = ""
        for input in try inputs() {
            let analysis = SMSAnalysis(input, smartEncoding: smartEncoding)
            output += json ? try SMSCountOutput.jsonLine(analysis) : SMSCountOutput.line(analysis) + "\n"
            if output.utf8.count > 1 << 16 {
                StandardStreams.write(output)
                output = ""
            }
        }
        StandardStreams.write(output)
    }

    /// `--lines` as text: each line through ``SMSLineCounter``'s one pass over its bytes (which
    /// also checks they are UTF-8), or the full analysis where a line needs it; the same output
    /// either way. The output is written once all of the input is known to be UTF-8.
    private func countLines() throws {
        var output: [UInt8] = []
        try StandardStreams.withAllInput { input in
            // The output is usually about half the input: room for all of it up front, as
            // pages never written cost nothing, while growing would copy it and fault twice.
            output.reserveCapacity(input.count + 4096)
            guard Self.countLines(input, appendingTo: &output) else {
                throw StandardStreams.invalidUTF8Failure(input, purpose: "the text")
            }
        }
        StandardStreams.write(bytes: output)
    }

    /// Counts each line of `bytes` (the last may lack its line feed) into `output`; false when
    /// the bytes are not UTF-8.
    static func countLines(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var start = 0
        while start < bytes.count {
            var end = bytes.count
            if let found = memchr(base + start, 0x0A, bytes.count - start) {
                end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            let line = UnsafeBufferPointer(start: base + start, count: end - start)
            switch SMSLineCounter.count(line, appendingTo: &output) {
            case .counted:
                break
            case .invalidUTF8:
                return false
            case .declined:
                guard let text = String(validating: line, as: UTF8.self) else { return false }
                output.append(contentsOf: SMSCountOutput.line(SMSAnalysis(text)).utf8)
                output.append(0x0A)
            }
            start = end + 1
        }
        return true
    }

    /// The inputs: the argument, all of standard input, or its lines.
    private func inputs() throws -> [String] {
        if let text, text != "-" { return [text] }
        let input = try StandardStreams.readUTF8Input(purpose: "the text")
        guard lines else { return [input.hasSuffix("\n") ? String(input.dropLast()) : input] }
        // Split on the byte: splitting a String on "\n" walks grapheme clusters, which is slow.
        var split = input.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        if split.last?.isEmpty == true { split.removeLast() }
        return split
    }
}
