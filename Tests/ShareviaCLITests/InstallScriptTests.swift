import Foundation
import ProcessRunning
import TestSupport
import Testing

/// Issue 28: `scripts/install.sh` installs a stripped binary, and `scripts/install-deps.sh`
/// waits for another apt's lock instead of giving up.
@Suite struct InstallScriptTests {
    let folder = TemporaryFolder("install-scripts")

    /// install.sh installs with `install -s`; the binary stripped that way still runs every part
    /// that reflection or metadata drive: parsing, help, completions, the manual dump, a share.
    @Test func theInstalledBinaryIsStrippedAndStillWorks() async throws {
        let script = try String(contentsOfFile: "\(PackageRoot.path)/scripts/install.sh", encoding: .utf8)
        let line = try #require(
            script.split(separator: "\n").first { $0.hasPrefix("install ") && $0.contains("\"$prefix/bin/sharevia\"") }
        )
        #expect(line.hasPrefix("install -m 0755 -s "), "\(line)")

        let stripped = folder.file("sharevia")
        let install = try await ProcessRunner().run(
            "/usr/bin/install",
            arguments: ["-m", "0755", "-s", ShareviaProcess.binary, stripped]
        )
        #expect(install.succeeded, "\(install.errorText)")
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(
            size(stripped) < size(ShareviaProcess.binary) * 3 / 4,
            "\(size(stripped)) of \(size(ShareviaProcess.binary))"
        )
        for arguments in [
            ["--help"], ["config", "check", "--help"], ["--generate-completion-script", "bash"],
            ["--experimental-dump-help"], ["--to", "x", "--text", "hi", "--dry-run", "--no-fallback"],
        ] {
            let run = try await ProcessRunner().run(
                stripped,
                arguments: arguments,
                environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "SHAREVIA_NO_HISTORY": "1"]
            )
            #expect(run.exitStatus == 0, "\(arguments): \(run.errorText)")
            #expect(!run.standardOutput.isEmpty, "\(arguments)")
        }
    }

    /// install-deps.sh, run against stand-ins for dpkg-query (nothing installed), apt-get
    /// (records its arguments) and sudo, passes the lock timeout to each apt-get it runs.
    @Test func installDepsWaitsForTheAptLock() async throws {
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = folder.file("apt.log")
        let tools = [
            "dpkg-query": "exit 1",
            "apt-get": "printf '%s\\n' \"$*\" >> '\(log)'",
            "debconf-set-selections": "cat >/dev/null",
            "sudo": "exec \"$@\"",
        ]
        for (name, body) in tools {
            let path = "\(bin)/\(name)"
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        let path = "\(bin):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await ProcessRunner().run(
            "/bin/bash",
            arguments: ["\(PackageRoot.path)/scripts/install-deps.sh", "build"],
            environment: ["PATH": path, "HOME": folder.path]
        )
        #expect(run.succeeded, "\(run.errorText)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 2, "\(calls)")
        for call in calls {
            #expect(call.hasPrefix("-o DPkg::Lock::Timeout=600 "), "\(call)")
        }
        #expect(calls.first?.hasSuffix("update -qq") == true)
        #expect(calls.last?.contains("install -y -qq --no-install-recommends libpng-dev") == true)
    }
}
