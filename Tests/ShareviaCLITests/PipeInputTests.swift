import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 23, defect 2: a pipe given as the input file was sniffed, opened again and delivered cut.
@Suite struct PipeInputTests {
    @Test func aPipeIsReadOnceAndDeliveredWhole() async throws {
        let folder = TemporaryFolder("pipe-input")
        defer { folder.remove() }
        let out = folder.file("out")
        let output = try await ProcessRunner().run(
            "/bin/bash",
            arguments: ["-c", #""$SV" --to file <(cat "$CARD") --out "$OUT""#],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "SV": ShareviaProcess.binary, "OUT": out,
                "CARD": PackageRoot.exampleCard,
            ],
            timeout: .seconds(30)
        )
        #expect(output.exitStatus == 0, "\(output.errorText)")
        let images = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
        #expect(images.count == 1, "\(images)")
        let copy = try #require(images.first.flatMap { FileManager.default.contents(atPath: "\(out)/\($0)") })
        #expect(copy == FileManager.default.contents(atPath: PackageRoot.exampleCard))
    }
}
