import Foundation
import Testing

/// The `sharevia` binary (and so `sharevia --to file`) links no PostgreSQL code: only services that import
/// `OutboxPostgres` do.
struct PostgresOutboxLinkTests {
    @Test func theShareviaBinaryHoldsNoPostgresNIOOrSwiftNIO() throws {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/"
            && !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sharevia").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        let binary = folder.appendingPathComponent("sharevia").path
        // Mapped, not read: the binaries are a few hundred MB in a debug build.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: binary), options: .alwaysMapped)
        #expect(bytes.count > 1_000_000)
        // Swift's mangled module names, as every symbol of those modules carries them.
        for module in ["11PostgresNIO", "8NIOPosix", "7NIOCore"] {
            #expect(bytes.range(of: Data(module.utf8)) == nil, "sharevia holds symbols of \(module)")
        }
        // The check can fail: the test binary itself holds them.
        let tests = try Data(contentsOf: URL(fileURLWithPath: executable), options: .alwaysMapped)
        #expect(tests.range(of: Data("11PostgresNIO".utf8)) != nil)
    }
}
