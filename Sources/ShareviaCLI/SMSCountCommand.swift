import ArgumentParser
import TextFitting

/// `sharevia sms count [TEXT | -]`: encoding, units, segments, units left and what forced UCS-2.
struct SMSCountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count an SMS: encoding, units, segments, units left in the last one, what forced UCS-2.",
        discussion: """
            EXAMPLES
              sharevia sms count "Seven days in a row"
              sharevia sms count --json "It’s day 7 🔥"
              sharevia sms count --lines < messages.txt
            """
    )

    @Flag(help: "Print one JSON object per input, one per line.")
    var json = false

    @Flag(help: "Read standard input and treat each line as one input.")
    var lines = false

    @Flag(
        name: .customLong("smart-encoding"),
        help: "Count as sent with --sms-smart-encoding: look-alikes replaced when that keeps it GSM-7."
    )
    var smartEncoding = false

    @Argument(help: "The text, or - (the default) to read it from standard input.")
    var text: String?

    func validate() throws {
        if lines, let text, text != "-" { throw ValidationError("--lines reads standard input; don't also give TEXT") }
    }

    func run() async throws {
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

    /// `--lines` as text: each line through ``SMSLineCounter``'s one pass over its bytes, or the
    /// full analysis where a line needs it; the same output either way.
    private func countLines() throws {
        var input = try StandardStreams.readUTF8Input(purpose: "the text")
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        input.makeContiguousUTF8()
        input.utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !SMSLineCounter.appendSummary(of: line, to: &output) {
                    let text = String(decoding: line, as: UTF8.self)
                    output.append(contentsOf: SMSCountOutput.line(SMSAnalysis(text)).utf8)
                    output.append(0x0A)
                }
                if output.count > 1 << 16 {
                    StandardStreams.write(bytes: output)
                    output.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
        }
        StandardStreams.write(bytes: output)
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

/// What `sharevia sms count` prints, as strings, so tests can check them in process.
enum SMSCountOutput {
    /// One count as JSON.
    struct Record: Codable, Equatable {
        var encoding: String
        var units: Int
        var segments: Int
        var unitsLeftInLastSegment: Int
        var unitsPerSegment: Int
        var nonGSMCharacters: [String]
        var smartEncodingReplacements: [String]
        var smartEncodingWouldGiveSegments: Int?
        var notes: [String]
    }

    /// `GSM-7, 2 segments, 161 septets (145 left in the last)`, then the notes after `; `.
    static func line(_ analysis: SMSAnalysis) -> String {
        ([analysis.count.summary] + analysis.notes).joined(separator: "; ")
    }

    static func record(_ analysis: SMSAnalysis) -> Record {
        Record(
            encoding: analysis.count.encoding.rawValue,
            units: analysis.count.units,
            segments: analysis.count.segments,
            unitsLeftInLastSegment: analysis.count.unitsLeftInLastSegment,
            unitsPerSegment: analysis.count.capacityPerSegment,
            nonGSMCharacters: analysis.nonGSMCharacters,
            smartEncodingReplacements: analysis.smartReplacements.map(\.description),
            smartEncodingWouldGiveSegments: analysis.smartEncodingWouldGive?.segments,
            notes: analysis.notes
        )
    }

    static func jsonLine(_ analysis: SMSAnalysis) throws -> String {
        try JSONText.encode(record(analysis), compact: true)
    }
}
