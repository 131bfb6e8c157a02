import ProcessRunning
import ShareCore

@testable import Clipboard

extension ClipboardDestination {
    /// A destination on a machine without libxcb: the automatic choice is among the
    /// command-line tools only, so the tests of tools, runners and their failures stay on them.
    static func withoutLibxcb(
        configuration: Configuration = Configuration(),
        environment: ShareEnvironment,
        runner: any CommandRunning = ProcessRunner()
    ) -> ClipboardDestination {
        var destination = ClipboardDestination(configuration: configuration, environment: environment, runner: runner)
        destination.x11Library = { missingLibxcb }
        return destination
    }

    /// What availability says when libxcb can't be loaded, in these tests.
    static let missingLibxcb = "libxcb.so.1 can't be loaded (stand-in for a machine without it)"
}
