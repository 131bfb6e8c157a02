import ArgumentParser
import Destinations
import ShareCore
import Testing

@testable import ShareviaCLI

/// A destination the command line has never heard of gets advice naming its flag in every place
/// the command prints, from its setting's declaration alone: adding a built-in or an integrator's
/// destination whose words name a setting needs no edit of the command line.
@Suite struct AdviceFromDeclarationsTests {
    /// Beeps, louder or softer as its one setting says; every text it gives names that setting
    /// in library terms.
    struct Beacon: ShareDestination {
        static let volume = ShareSetting(
            key: "beacon.volume",
            flag: "beacon-volume",
            variable: "SHAREVIA_BEACON_VOLUME",
            kind: .text,
            help: "How loud the beacon beeps.",
            summary: "the beacon's volume"
        )
        static let mention = SettingMention("Configuration.volume", setting: volume)

        var refuses = false

        var descriptor: DestinationDescriptor {
            DestinationDescriptor(id: refuses ? "mute" : "beacon", displayName: "Beacon", capabilities: [.text])
        }

        func availability() async -> Availability {
            .available(
                "beeps at the default volume; set Configuration.volume or SHAREVIA_BEACON_VOLUME",
                detail: .init(
                    .missingSetting,
                    setting: "volume",
                    mentions: [
                        SettingMention("set Configuration.volume or", advice: "pass \(flag: Self.volume) or set")
                    ]
                )
            )
        }

        func prepare(_ request: ShareRequest) throws(ShareError) -> PreparedShare {
            if refuses {
                throw ShareError(
                    .contentRejected,
                    destination: id,
                    message: "too quiet to hear (Configuration.volume is 0)",
                    detail: .init(.unusableSetting, setting: "volume", value: "0", mentions: [Self.mention])
                )
            }
            return PreparedShare(
                destination: id,
                summary: "beacon: 1 beep",
                text: request.content.text,
                notes: ["beeps softly (Configuration.volume unset)"],
                mentions: [Self.mention]
            )
        }

        func deliver(_ prepared: PreparedShare) async throws(ShareError) -> DeliveryReceipt {
            var receipt = DeliveryReceipt.handedOff(
                destination: id,
                summary: "beeped once",
                nextStep: "listen; raise Configuration.volume to hear it across the room"
            )
            receipt.mentions = [Self.mention]
            return receipt
        }
    }

    /// The router the share command builds, with the beacons given as an integrator gives them.
    func router() throws -> ShareRouter {
        let factory = ShareviaMain.RegistryFactory.standard(
            settings: [Beacon.volume],
            plus: { _ in [Beacon(), Beacon(refuses: true)] }
        )
        return try ShareviaMain.$registryFactory.withValue(factory) {
            let command = try #require(
                try ShareviaCommand.parseAsRoot(["--to", "beacon", "--text", "hi"]) as? ShareCommand
            )
            return command.invocation.routing.router(environment: ShareEnvironment(["PATH": "/nonexistent"]))
        }
    }

    @Test func theReportNamesTheFlagOfANewDestinationsSetting() async throws {
        let report = try await router().share(ShareContent(text: "hi"), via: FallbackChain(["mute", "beacon"]))
        // The library's words stay its own.
        #expect(report.description.contains("too quiet to hear (Configuration.volume is 0)"))
        #expect(report.description.contains("note: beeps softly (Configuration.volume unset)"))
        let lines = ErrorAdvice.report(report).description
        #expect(lines.contains("✗ mute: content rejected: too quiet to hear (--beacon-volume is 0)"), "\(lines)")
        #expect(lines.contains("note: beeps softly (--beacon-volume unset)"), "\(lines)")
        #expect(lines.contains("beeped once; listen; raise --beacon-volume to hear it across the room"), "\(lines)")
        #expect(!lines.contains("Configuration.volume"), "\(lines)")
        let json = try ReportPrinter.json(ErrorAdvice.report(report), exitCode: 0, shareID: .new())
        #expect(json.contains("raise --beacon-volume to hear it") && !json.contains("Configuration.volume"), "\(json)")
    }

    @Test func theDryRunNamesTheFlagOfANewDestinationsSetting() async throws {
        let previews = try await router().preview(ShareContent(text: "hi"), via: FallbackChain(["beacon", "mute"]))
        let lines = DryRunPrinter.text(previews, shareID: .new())
        #expect(
            lines.contains(
                "== beacon: available, beeps at the default volume; pass --beacon-volume or set SHAREVIA_BEACON_VOLUME"
            ),
            "\(lines)"
        )
        #expect(lines.contains("  note: beeps softly (--beacon-volume unset)"), "\(lines)")
        #expect(
            lines.contains("  would be skipped: too quiet to hear (--beacon-volume is 0) [content-rejected]"),
            "\(lines)"
        )
        let json = try DryRunPrinter.json(previews, exitCode: 0, shareID: .new())
        #expect(!json.contains("Configuration.volume"), "\(json)")
    }

    @Test func anErrorOfANewDestinationNamesTheFlag() throws {
        let error = #expect(throws: ShareError.self) {
            try Beacon(refuses: true).prepare(ShareRequest(content: ShareContent(text: "hi")))
        }
        #expect(error.map { ErrorAdvice.message(for: $0) } == "too quiet to hear (--beacon-volume is 0)")
    }
}
