import Foundation
import Testing

@testable import ShareviaCLI

@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatProcessInfoReads() {
        #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    }
}
