import ArgumentParser
import ProcessRunning
import ShareCore
import Testing

@_spi(Fuzzing) @testable import ShareviaCLI

/// What `--notify` and `--pick` say and accept, in process: the notification's words for each
/// outcome, the escaping of what dialogs and notification bodies read as markup, and the
/// command line's rules.
@Suite struct DesktopNoticeTests {
    func parse(_ arguments: [String]) throws -> ShareInvocation {
        let command = try ShareviaCommand.parseAsRoot(arguments)
        return try #require(command as? ShareCommand).request()
    }

    @Test func aDeliveryNamesItsDestinationAndOpensWhatItMade() {
        let report = ShareReport(
            chain: ["mastodon", "file"],
            attempts: [.init(destination: "mastodon", result: .delivered, reason: "posted", durationMilliseconds: 3)],
            receipt: DeliveryReceipt(
                destination: "mastodon",
                summary: "posted to mastodon.example",
                locations: ["https://mastodon.example/@me/1"]
            )
        )
        let notification = ShareNotification(report: report, queued: [], reportPath: "/s/last-report.json")
        #expect(notification.summary == "sharevia: delivered by mastodon")
        #expect(notification.body == "posted to mastodon.example\nhttps://mastodon.example/@me/1")
        #expect(notification.openTarget == "https://mastodon.example/@me/1")
        #expect(notification.urgency == .normal)
    }

    @Test func aHandOffByAFallbackSaysWhatFailedAndWhatToDoNext() {
        let report = ShareReport(
            chain: ["x", "sms"],
            attempts: [
                .init(destination: "x", result: .unavailable, reason: "no browser", durationMilliseconds: 1),
                .init(destination: "sms", result: .handedOff, reason: "printed", durationMilliseconds: 1),
            ],
            receipt: .handedOff(
                destination: "sms",
                summary: "printed the sms: URI",
                nextStep: "open sms:+1",
                locations: []
            )
        )
        let notification = ShareNotification(report: report, queued: [], reportPath: nil)
        #expect(notification.summary == "sharevia: handed off to sms (fallback)")
        #expect(
            notification.body
                == "x: unavailable: no browser\nThe fallback sms took the share instead of x.\nNext: open sms:+1"
        )
        #expect(notification.openTarget == nil)
    }

    @Test func aFailureSendsThePersonToTheReport() {
        let report = ShareReport(
            chain: ["file"],
            attempts: [
                .init(destination: "file", result: .permanentFailure, reason: "not a folder", durationMilliseconds: 1)
            ]
        )
        let notification = ShareNotification(report: report, queued: [], reportPath: "/s/sharevia/last-report.json")
        #expect(notification.summary == "sharevia: not shared")
        #expect(notification.urgency == .critical)
        #expect(
            notification.body
                == "No destination took the share.\nfile: permanent-failure: not a folder\n"
                + "Check the report: /s/sharevia/last-report.json"
        )
    }

    @Test func markupIsEscapedForBodiesAndDialogs() {
        #expect(DesktopNotifier.escapedMarkup("a <b>&</b> \\ 'q'") == "a &lt;b&gt;&amp;&lt;/b&gt; \\ 'q'")
        #expect(PickerText.markupEscaped("card <i>&\\n.png") == "card &lt;i&gt;&amp;\\\\n.png")
        #expect(PickerText.subject(files: ["/tmp/a\nb.png", "c.png"]) == "a b.png and 1 more file")
        let arguments = DesktopNotifier.arguments(
            for: ShareNotification(report: ShareReport(chain: ["file"]), queued: [], reportPath: nil)
        )
        #expect(arguments.prefix(3) == ["--app-name=sharevia", "--urgency=critical", "--"])
    }

    @Test func theLastChoiceIsPreselectedOnlyWhenAvailable() {
        let choices = [
            PickerChoice(id: "clipboard", name: "Clipboard", unavailableReason: "DISPLAY is not set", takesText: true),
            PickerChoice(id: "file", name: "File export", unavailableReason: nil, takesText: true),
            PickerChoice(id: "x", name: "X", unavailableReason: nil, takesText: true),
        ]
        #expect(PickerChoice.preselected(in: choices, last: "x") == "x")
        #expect(PickerChoice.preselected(in: choices, last: "clipboard") == "file")
        #expect(PickerChoice.preselected(in: choices, last: nil) == "file")
        #expect(choices[0].status() == "unavailable: DISPLAY is not set")
    }

    @Test func aPromptAnswerIsANumberAnIdOrEnter() {
        let choices = PickerFuzzing.choices
        #expect(TerminalPrompt.choice("2", among: choices, preselected: "x") == "file")
        #expect(TerminalPrompt.choice("", among: choices, preselected: "x") == "x")
        #expect(TerminalPrompt.choice("", among: choices, preselected: nil) == nil)
        #expect(TerminalPrompt.choice("clipboard", among: choices, preselected: nil) == "clipboard")
        for refused in ["0", "4", "-1", "99999999999999999999", "File", "2 x"] {
            #expect(TerminalPrompt.choice(refused, among: choices, preselected: "x") == nil, "\(refused)")
        }
        #expect(LastPick.parse(Array(" mastodon \n".utf8)) == "mastodon")
        #expect(LastPick.parse(Array("two words".utf8)) == nil)
        #expect(LastPick.parse([0xFF]) == nil)
        #expect(LastPick.parse(Array(repeating: UInt8(ascii: "a"), count: 257)) == nil)
        #expect(PickerFuzzing.read(Array("2\n\nnope\nx".utf8)) == 3)
    }

    @Test func pickTakesNoDestinationAndNotifyIsAShareFlag() throws {
        let picked = try parse(["--pick", "card.png"])
        #expect(picked.pick && !picked.notify && picked.destinations.isEmpty)
        #expect(try parse(["share", "--to", "file", "card.png", "--notify"]).notify)
        for refused in [["--pick", "--to", "file", "card.png"], ["--pick", "--chain", "mine", "card.png"]] {
            let error = #expect(throws: (any Error).self) { try parse(refused) }
            #expect(
                "\(error.map { "\($0)" } ?? "")".contains(
                    "--pick asks which destination to use; don't add --to or --chain"
                )
            )
        }
    }

    @Test func theCancelCodeIsItsOwn() {
        let codes = ShareviaExitCode.table.map(\.codes)
        #expect(codes.contains("5"))
        #expect(Set(codes).count == codes.count)
        #expect(ShareviaExitCode.helpText.contains("5   --pick was cancelled"))
    }
}

/// The dialogs' answers read in process, through a runner that answers as zenity would.
@Suite struct PickerDialogAnswerTests {
    /// Answers every run with `output`, and keeps the invocations.
    final class AnsweringRunner: CommandRunning, @unchecked Sendable {
        let output: ProcessOutput
        private(set) var invocations: [ProcessInvocation] = []
        init(_ output: ProcessOutput) { self.output = output }
        func run(_ invocation: ProcessInvocation) async throws(ProcessRunnerError) -> ProcessOutput {
            invocations.append(invocation)
            return output
        }
    }

    let choices = PickerFuzzing.choices

    func choose(_ output: ProcessOutput) async throws(PickerFailure) -> DestinationID? {
        try await ZenityPicker(program: "/usr/bin/zenity", runner: AnsweringRunner(output))
            .choose(choices, preselected: "file", subject: "card.png")
    }

    @Test func zenitysExitStatusesMeanAChoiceACancelOrAFailure() async throws {
        #expect(try await choose(ProcessOutput(exitStatus: 0, standardOutput: Array("x\n".utf8))) == "x")
        #expect(try await choose(ProcessOutput(exitStatus: 0, standardOutput: Array("x|x\n".utf8))) == "x")
        #expect(try await choose(ProcessOutput(exitStatus: 1)) == nil)
        #expect(try await choose(ProcessOutput(exitStatus: 5)) == nil)
        #expect(try await choose(ProcessOutput(exitStatus: nil, timedOut: true)) == nil)
        do {
            _ = try await choose(ProcessOutput(exitStatus: 255, standardError: Array("cannot open display".utf8)))
            Issue.record("a failing zenity was taken for an answer")
        } catch {
            #expect(error.message == "--pick: zenity failed: cannot open display")
        }
    }

    @Test func theListChecksThePreselectedRowAndTellsEachStatus() async throws {
        let runner = AnsweringRunner(ProcessOutput(exitStatus: 1))
        _ = try await ZenityPicker(program: "/usr/bin/zenity", runner: runner)
            .choose(choices, preselected: "file", subject: "a <b>.png")
        let arguments = try #require(runner.invocations.first?.arguments)
        #expect(arguments.contains("--text=Share a &lt;b&gt;.png with:"))
        let rows = Array(arguments.drop { $0 != "FALSE" && $0 != "TRUE" })
        #expect(
            rows == [
                "FALSE", "clipboard", "Clipboard", "unavailable: DISPLAY is not set", "TRUE", "file", "File export",
                "available", "FALSE", "x", "X (Twitter)", "available",
            ]
        )
    }
}
