import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import ShareviaCLI

/// `sharevia sms count`'s options, declared once (``SMSCountOptions``) and read by the share
/// command's reader: every form swift-argument-parser read, its help, and its refusals in its words
/// (each message checked against a build of 323d296, where swift-argument-parser read them).
@Suite struct SMSCountCommandLineTests {
    /// The failure `arguments` give.
    func failure(_ arguments: [String]) -> CommandLineFailure? {
        do throws(CommandLineFailure) {
            _ = try SMSCountCommandLine.request(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        arguments: [
            ([], SMSCountInvocation()), (["hello"], SMSCountInvocation(text: "hello")),
            (["-"], SMSCountInvocation(text: "-")), (["--json", "hi"], SMSCountInvocation(json: true, text: "hi")),
            (["hi", "--json"], SMSCountInvocation(json: true, text: "hi")),
            (["--smart-encoding", "It’s"], SMSCountInvocation(smartEncoding: true, text: "It’s")),
            (["--", "--json"], SMSCountInvocation(text: "--json")), (["help"], SMSCountInvocation(text: "help")),
            (["--"], SMSCountInvocation()), (["--json", "--json"], SMSCountInvocation(json: true)),
            (["--lines", "--json", "-"], SMSCountInvocation(json: true, lines: true, text: "-")),
            ([""], SMSCountInvocation(text: "")),
        ] as [([String], SMSCountInvocation)]
    )
    func readsEveryForm(words: [String], expected: SMSCountInvocation) throws {
        #expect(try SMSCountCommandLine.request(["sms", "count"] + words) == .count(expected))
    }

    @Test(arguments: [
        ["sms", "count", "--help"], ["sms", "count", "-h"], ["sms", "count", "--lines", "--help"],
        ["sms", "count", "-jh"], ["sms", "count", "--colour", "--help"], ["sms", "count", "--help=1"],
        ["help", "sms", "count"],
    ])
    func printsTheDeclaredHelp(arguments: [String]) throws {
        #expect(try SMSCountCommandLine.request(arguments) == .print(SMSCountCommandLine.help.rendered()))
    }

    @Test(arguments: [["sms", "count", "--version"], ["sms", "count", "--version", "--colour"]])
    func printsTheVersion(arguments: [String]) throws {
        #expect(try SMSCountCommandLine.request(arguments) == .print(ShareviaVersion.current))
    }

    /// Each message as swift-argument-parser worded it.
    @Test(
        arguments: [
            (["--colour"], "Unknown option '--colour'"), (["--jsn"], "Unknown option '--jsn'. Did you mean '--json'?"),
            (["--smart-encodin", "x"], "Unknown option '--smart-encodin'. Did you mean '--smart-encoding'?"),
            (["--text", "hi"], "Unknown option '--text'"), (["-x"], "Unknown option '-x'"),
            (["-5"], "Unknown option '-5'"), (["-vx"], "Unknown option '-vx'"),
            (["--json=1"], "The option '--json' does not take any value, but '1' was specified."),
            (["--lines=true"], "The option '--lines' does not take any value, but 'true' was specified."),
            (["a", "b"], "Unexpected argument 'b'"), (["--", "a", "b"], "Unexpected argument 'b'"),
            (["a", "b", "c"], "2 unexpected arguments: 'b', 'c'"),
            (["--", "--lines", "text"], "Unexpected argument 'text'"),
            (["--lines", "text"], "--lines reads standard input; don't also give TEXT"),
            (["--json", "--lines", "text"], "--lines reads standard input; don't also give TEXT"),
        ] as [([String], String)]
    )
    func refusesWhatArgumentParserRefused(words: [String], message: String) throws {
        let refused = try #require(failure(["sms", "count"] + words), "\(words) was read")
        #expect(refused.error.message == message)
        #expect(refused.error.help == nil)
    }

    @Test func anErrorShowsTheCommandsUsage() throws {
        let refused = try #require(failure(["sms", "count", "--colour"]))
        #expect(
            refused.fullText == """
                Error: Unknown option '--colour'
                Usage: sharevia sms count [--json] [--lines] [--smart-encoding] [<text>]
                  See 'sharevia sms count --help' for more information.
                """
        )
    }

    /// The binary: a refusal on standard error with exit 64 (and as JSON with `--json`), and the
    /// pinned help screen.
    @Test func theBinaryRefusesAndHelpsAsBefore() async throws {
        let unknown = try await ShareviaProcess.run(["sms", "count", "--colour"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(
            unknown.stderr == """
                Error: Unknown option '--colour'
                Usage: sharevia sms count [--json] [--lines] [--smart-encoding] [<text>]
                  See 'sharevia sms count --help' for more information.

                """
        )
        let json = try await ShareviaProcess.run(["sms", "count", "--json", "--lines", "text"])
        #expect(json.status == 64)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 64)
        #expect(
            (object["error"] as? [String: Any])?["message"] as? String
                == "--lines reads standard input; don't also give TEXT"
        )
        let pinned = try String(
            contentsOfFile: "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/help-sms-count.txt",
            encoding: .utf8
        )
        for arguments in [["sms", "count", "--help"], ["help", "sms", "count"]] {
            let help = try await ShareviaProcess.run(arguments, environment: ["COLUMNS": "100"])
            #expect(help.status == 0)
            #expect(help.stdout == pinned, "\(arguments)")
        }
    }

    /// The man page and the completion scripts name the declared options, not the words the
    /// command tree hands over, as 323d296's did (its lines, from its scripts).
    @Test func theManualAndCompletionsNameTheDeclaredOptions() throws {
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(ManualDump.rendered().utf8)) as? [String: Any]
        )
        let commands = (dump["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? []
        let sms = try #require(commands.first { $0["commandName"] as? String == "sms" })
        let count = try #require(
            (sms["subcommands"] as? [[String: Any]])?.first { $0["commandName"] as? String == "count" }
        )
        let arguments = count["arguments"] as? [[String: Any]] ?? []
        let names = arguments.map { ($0["preferredName"] as? [String: Any])?["name"] as? String ?? "<positional>" }
        #expect(names == ["json", "lines", "smart-encoding", "<positional>", "version", "help"])
        #expect(arguments[3]["valueName"] as? String == "text" && arguments[3]["isRepeating"] as? Bool == false)
        let pinned = [
            "bash": ["    non_repeating_flags=(--json --lines --smart-encoding --version -h --help)"],
            "zsh": [
                "        '--json[Print one JSON object per input, one per line.]'",
                "        '--smart-encoding[Count as sent with --sms-smart-encoding\\: look-alikes replaced when that keeps it GSM-7.]'",
                "        ':text:'",
            ],
            "fish": [
                "__sharevia_parse_subcommand 1 'json' 'lines' 'smart-encoding' 'version' 'h/help'",
                "complete -c 'sharevia' -n '__sharevia_should_offer_completions_for_flags_or_options \"sharevia sms count\" lines' -l 'lines' -d 'Read standard input and treat each line as one input.'",
            ],
        ]
        for (shell, lines) in pinned {
            let script = try DeclaredArguments.$shown.withValue(true) {
                ShareviaCommand.completionScript(for: try #require(CompletionShell(rawValue: shell)))
            }
            for line in lines { #expect(script.contains(line), "\(shell): \(line)") }
            #expect(!script.contains("'--json'$'\\n''--lines'"), "\(shell) completes the words as a list")
        }
    }
}
