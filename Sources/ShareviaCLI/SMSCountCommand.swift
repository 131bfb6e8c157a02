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

            Standard input read whole is limited to 64 MiB, checked while reading; --lines reads a \
            regular file redirected with < in chunks, whatever its size.
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
        try invocation.run()
    }

    /// What the command line asks for.
    var invocation: SMSCountInvocation {
        SMSCountInvocation(json: json, lines: lines, smartEncoding: smartEncoding, text: text)
    }

    /// `sms count --lines ...` read by this command alone, before the command tree and the share
    /// machinery are set up: nil for any other command line, and for one this command refuses
    /// (help, a bad flag, `--lines` with TEXT), which ``ShareviaCommand`` then reads and reports
    /// as before. The same declaration and the same reader: only less is set up around it.
    static func linesInvocation(in arguments: [String]) -> SMSCountInvocation? {
        guard arguments.count >= 3, arguments[0] == "sms", arguments[1] == "count",
            let command = try? parse(Array(arguments[2...])), command.lines
        else { return nil }
        return command.invocation
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
}
