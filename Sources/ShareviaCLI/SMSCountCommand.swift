import ArgumentParser
import TextFitting

/// `sharevia sms count [TEXT | -]`: encoding, units, segments, units left and what forced UCS-2.
///
/// swift-argument-parser only names it (in `sharevia sms --help`, completions and the manual) and
/// hands it its words; ``SMSCountCommandLine`` reads them, from the options' declarations
/// (``SMSCountOptions``), and draws its `--help`.
struct SMSCountCommand: AsyncParsableCommand, DeclaredArgumentsCommand {
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

    /// Everything after `count`, which ``SMSCountCommandLine`` reads. Completion scripts are
    /// written from the declared options instead (``DeclaredArgumentsCommand``).
    @Argument(parsing: .captureForPassthrough, help: "Options and the text; see 'sharevia sms count --help'.")
    var words: [String] = []

    static var declaredOptions: [CommandOption] { SMSCountOptions.all }
    var passthrough: Argument<[String]> { _words }

    init() {}

    init(from decoder: any Decoder) throws { _words = try Self.passthrough(from: decoder) }

    /// What the words ask for, read as `sharevia` reads them at start-up.
    func request() throws -> SMSCountCommandLine.Request {
        do throws(CommandLineFailure) {
            return try SMSCountCommandLine.count(words)
        } catch {
            throw ValidationError(error.error.message)
        }
    }

    /// The count the words ask for; nil for help, the version or a command line that can't be read.
    var invocation: SMSCountInvocation? {
        guard case .count(let invocation)? = try? request() else { return nil }
        return invocation
    }

    func validate() throws { _ = try request() }

    func run() async throws {
        switch try request() {
        case .count(let invocation): try invocation.run()
        case .print(let text): StandardStreams.write(text + "\n")
        }
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
