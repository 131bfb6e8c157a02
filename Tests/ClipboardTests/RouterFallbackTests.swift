import Clipboard
import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

/// When the clipboard can't be used, the router says why and delivers to the file export.
struct RouterFallbackTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// Builds the environment from the private PATH folder.
        var variables: @Sendable (_ emptyBin: String) -> [String: String]
        var reason: @Sendable (_ variables: [String: String]) -> String
        /// Whether libxcb loads, for the built-in X11 client.
        var libxcb = true
        var testDescription: String { label }
    }

    static let realPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    static let cases: [Case] = [
        Case(label: "DISPLAY unset", variables: { _ in ["PATH": realPath] }, reason: { _ in "DISPLAY is not set" }),
        Case(
            label: "xclip off the PATH, without libxcb",
            variables: { bin in ["PATH": bin, "DISPLAY": ":0"] },
            reason: { _ in "xclip not found (apt-get install xclip)" },
            libxcb: false
        ),
        Case(
            label: "xclip asked for and off the PATH",
            variables: { bin in ["PATH": bin, "DISPLAY": ":0", "SHAREVIA_CLIPBOARD_BACKEND": "xclip"] },
            reason: { _ in "xclip not found (apt-get install xclip)" }
        ),
        Case(
            label: "the built-in client asked for without libxcb",
            variables: { _ in ["PATH": realPath, "DISPLAY": ":0", "SHAREVIA_CLIPBOARD_BACKEND": "x11"] },
            reason: { _ in ClipboardDestination.missingLibxcb },
            libxcb: false
        ),
        Case(
            label: "no X server on the display",
            variables: { _ in ["PATH": realPath, "DISPLAY": FreeDisplay.name(from: 9000)] },
            reason: { "no X server answers on \($0["DISPLAY"]!)" }
        ),
    ]

    @Test(arguments: cases)
    func theRouterDeliversToTheFileExportInstead(_ testCase: Case) async throws {
        let folder = TemporaryFolder("fallback")
        defer { folder.remove() }
        let emptyBin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: emptyBin, withIntermediateDirectories: true)
        let variables = testCase.variables(emptyBin)
        let environment = ShareEnvironment(variables)
        let clipboard =
            testCase.libxcb
            ? ClipboardDestination(environment: environment) : .withoutLibxcb(environment: environment)
        let files = FileExportDestination(
            configuration: .init(directory: folder.path + "/out"),
            environment: environment
        )
        let router = ShareRouter(registry: try DestinationRegistry([clipboard, files]))
        let png = Data(PNGBytes.randomRGBFile(width: 20, height: 20, seed: 4))

        let report = try await router.share(
            ShareContent(text: "streak", attachments: [Fixtures.image(png)]),
            via: FallbackChain(["clipboard", "file"])
        )

        #expect(await clipboard.availability() == .unavailable(testCase.reason(variables)))
        #expect(report.attempts.first?.destination == "clipboard")
        #expect(report.attempts.first?.result == .unavailable)
        #expect(report.attempts.first?.reason == testCase.reason(variables))
        #expect(report.outcome == .deliveredByFallback)
        #expect(report.deliveredBy == "file")
        let written = try #require(report.receipt?.locations.first { $0.hasSuffix("card.png") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == png)
    }
}
