import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 23, defect 3: `--timeout` did not stop the file export (3.9 GB in 20 s under
/// `--timeout 3`), and the process then left its temporary file.
@Suite struct FileExportTimeoutEndToEndTests {
    @Test func theTimeoutStopsALongCopyAndNoTemporaryFileIsLeft() async throws {
        let folder = TemporaryFolder("export-timeout-cli")
        defer { folder.remove() }
        let out = folder.file("out")
        let started = ContinuousClock.now
        // 1 GiB (the limit) of a sparse file: quick to make, seconds to copy, so 300 ms cuts it.
        let output = try await ProcessRunner().run(
            "/bin/bash",
            arguments: [
                "-c",
                #"truncate -s 1G "$DIR/big" && "$SV" --to file "$DIR/big" --out "$OUT" --timeout 0.3 --retries 0 --no-fallback"#,
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "SV": ShareviaProcess.binary, "OUT": out,
                "DIR": folder.path,
            ],
            timeout: .seconds(60)
        )
        // Far under the seconds the whole copy takes here, with room for a busy machine; the exit
        // status and the message are what show the timeout fired.
        #expect(ContinuousClock.now - started < .seconds(45))
        #expect(output.exitStatus == 4, "\(output.errorText)")
        #expect(
            output.errorText.contains("file: timed out: no answer within 300 ms; cancelled it"),
            "\(output.errorText)"
        )
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
