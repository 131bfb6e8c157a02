import Synchronization
import TextFitting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed `sharevia sms count`: what ``SMSCountCommand`` runs.
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
        for input in try StandardStreams.inputs(text: text, lines: lines) {
            let analysis = SMSAnalysis(input, smartEncoding: smartEncoding)
            output +=
                json ? try TextOutput.jsonLine(SMSCountOutput.record(analysis)) : SMSCountOutput.line(analysis) + "\n"
            if output.utf8.count > 1 << 16 {
                StandardStreams.write(output)
                output = ""
            }
        }
        StandardStreams.write(output)
    }

    /// `--lines` as text: each line through ``SMSLineCounter``'s one pass over its bytes (which
    /// also checks they are UTF-8), the same output as the full analysis. Large input is shared
    /// out in runs of whole lines that one thread per core takes in turn: a regular file as
    /// ``FileLineChunks`` that each thread reads for itself, other input read whole first and split
    /// by ``LineRuns``. The output is written, in order, once all of the input is known to be UTF-8.
    private func countLines() throws {
        // More runs than threads, taken in turn, so that a thread that drew easy lines (GSM-7)
        // takes more of them; each run's output is written in order at the end.
        let threads = LineRuns.parallelism
        if let chunks = FileLineChunks(descriptor: STDIN_FILENO, chunkSize: Self.chunkSize) {
            let results = RunResults(runs: chunks.count) {
                let reader = FileLineChunks.Reader(chunks)
                return { reader.lines(ofChunk: $0) }
            }
            defer { results.deallocate() }
            results.count(threads: threads)
            chunks.finish()
            guard results.allValid else {
                throw StandardStreams.invalidUTF8Failure(chunks.readAll(), purpose: "the text")
            }
            results.writeOutputs()
            return
        }
        try StandardStreams.withAllInput(purpose: "the text") { input in
            let runs = LineRuns.split(input, into: threads * 4, minimumBytes: Self.chunkSize)
            let results = RunResults(runs: runs.count) { { UnsafeBufferPointer(rebasing: input[runs[$0]]) } }
            defer { results.deallocate() }
            results.count(threads: threads)
            guard results.allValid else { throw StandardStreams.invalidUTF8Failure(input, purpose: "the text") }
            results.writeOutputs()
        }
    }

    /// The bytes of a regular file's ``FileLineChunks``, and the least of a run of other input:
    /// about 30 for a megabyte, so that the threads finish close together.
    static let chunkSize = 32 << 10

    /// Counts each line of `bytes` (the last may lack its line feed) into `output`, without its
    /// LF or CRLF (``LineEnding``); false when the bytes are not UTF-8.
    static func countLines(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var start = 0
        while start < bytes.count {
            var end = bytes.count
            var contentEnd = end
            if let found = memchr(base + start, Int32(LineEnding.lineFeed), bytes.count - start) {
                end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                contentEnd = LineEnding.contentEnd(of: bytes, lineStartingAt: start, feedAt: end)
            }
            let line = UnsafeBufferPointer(start: base + start, count: contentEnd - start)
            guard SMSLineCounter.count(line, appendingTo: &output) == .counted else { return false }
            start = end + 1
        }
        return true
    }
}

/// The runs of ``SMSCountInvocation``'s parallel count and what each produced: each slot is
/// written by the one thread that took its run (and read after all have finished), hence
/// `@unchecked Sendable`.
private final class RunResults: @unchecked Sendable {
    /// Makes, for one thread, what gives the lines of a run (valid until its next call).
    private let makeRunReader: () -> (Int) -> UnsafeBufferPointer<UInt8>
    private let slots: UnsafeMutableBufferPointer<(output: [UInt8], valid: Bool)>
    /// The next run nobody has taken.
    private let next = Atomic<Int>(0)

    init(runs: Int, makeRunReader: @escaping () -> (Int) -> UnsafeBufferPointer<UInt8>) {
        self.makeRunReader = makeRunReader
        slots = .allocate(capacity: runs)
        slots.initialize(repeating: ([], false))
    }

    /// Counts every run on up to `threads` threads, this one and helpers placed on other CPUs
    /// (``HelperThread``: Dispatch's pool starts its workers too late to help with a few
    /// milliseconds of work), and returns when all are counted.
    func count(threads: Int) {
        let helpers = (0..<max(0, min(threads, slots.count) - 1)).compactMap { _ in
            HelperThread.start { self.countRemainingRuns() }
        }
        countRemainingRuns()
        for helper in helpers { helper.join() }
    }

    /// Takes runs nobody has taken and counts their lines, until none is left.
    private func countRemainingRuns() {
        let linesOfRun = makeRunReader()
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < slots.count else { return }
            let bytes = linesOfRun(index)
            var output: [UInt8] = []
            // The output is usually about half the input: room for all of it up front, as pages
            // never written cost nothing, while growing would copy it.
            output.reserveCapacity(bytes.count + 4096)
            let valid = SMSCountInvocation.countLines(bytes, appendingTo: &output)
            slots[index] = (output, valid)
        }
    }

    /// True when every run was UTF-8.
    var allValid: Bool { slots.allSatisfy(\.valid) }

    /// Writes the runs' outputs to standard output, in order.
    func writeOutputs() {
        for slot in slots { StandardStreams.write(bytes: slot.output) }
    }

    func deallocate() {
        slots.deinitialize()
        slots.deallocate()
    }
}
