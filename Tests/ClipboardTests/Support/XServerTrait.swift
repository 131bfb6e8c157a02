import Foundation
import TestSupport
import Testing

/// The X display the current test runs against, set by the ``XServerTrait``.
enum TestDisplay {
    /// `SHAREVIA_TEST_DISPLAY`: a display the test command started for the whole run.
    static let sharedVariable = "SHAREVIA_TEST_DISPLAY"

    @TaskLocal static var current: String?

    struct NotInScope: Error, CustomStringConvertible {
        var description: String { "this test needs the .xServer trait on its suite" }
    }

    /// The display of the enclosing `.xServer` suite.
    static func require() throws -> String {
        guard let current else { throw NotInScope() }
        return current
    }
}

/// Gives a suite an X server: the shared one named by `SHAREVIA_TEST_DISPLAY` when set, else a
/// private Xvfb started before the suite's first test and stopped after its last.
///
/// Fails every test of the suite, with the install command, when Xvfb, xclip or xsel is
/// missing. Suites sharing a display must be `.serialized` (they share its selections).
struct XServerTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        _ = try RequiredTools.paths()
        if let shared = ProcessInfo.processInfo.environment[TestDisplay.sharedVariable], !shared.isEmpty {
            try await TestDisplay.$current.withValue(shared) { try await function() }
            return
        }
        try await XvfbServer.with { server in
            try await TestDisplay.$current.withValue(server.display) { try await function() }
        }
    }
}

extension Trait where Self == XServerTrait {
    /// An X server for the suite: the shared `SHAREVIA_TEST_DISPLAY`, or a private Xvfb.
    static var xServer: Self { XServerTrait() }
}
