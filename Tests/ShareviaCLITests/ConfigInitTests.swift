import Foundation
import TestSupport
import Testing

/// Issue 28: `sharevia config init` writes a commented starting config where sharevia reads it,
/// readable by its owner only, and never over an existing file; through the built binary.
@Suite struct ConfigInitTests {
    let folder = TemporaryFolder("config-init")

    /// The mode bits of `path`.
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func writesACommentedConfigAtTheDefaultPathOwnerOnly() async throws {
        let environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.file("xdg")]
        let run = try await ShareviaProcess.run(["config", "init"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let path = folder.file("xdg/sharevia/config.yaml")
        #expect(run.stdout == path + "\n")
        #expect(try mode(path) == 0o600)
        #expect(try mode(folder.file("xdg/sharevia")) == 0o700)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Every line is a comment or blank: the file changes nothing until one is uncommented.
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
        for key in ["timeout: 30", "retries: 2", "smtp_url:", "password_env: VARIABLE", "fallback: [clipboard, file]"] {
            #expect(text.contains(key), "\(key) is missing")
        }
        // `config path` and `config check` find it there, and it checks clean.
        let check = try await ShareviaProcess.run(["config", "check"], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("config: \(path)\n"))
    }

    @Test func neverOverwritesAnExistingConfig() async throws {
        let path = try folder.write(Array("share:\n  timeout: 12\n".utf8), named: "mine.yaml")
        let run = try await ShareviaProcess.run(["config", "init", "--config", path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(path) already exists; sharevia config init never overwrites it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "share:\n  timeout: 12\n")
        #expect(folder.names().allSatisfy { !$0.hasPrefix(".sharevia-tmp") }, "\(folder.names())")
    }

    /// Uncommenting every key that shows a value (and its section) gives a config that checks
    /// clean, with each of those keys read from the file: the values written are real defaults.
    @Test func everyValueItShowsIsValid() async throws {
        let path = folder.file("written.yaml")
        let run = try await ShareviaProcess.run(["--config", path, "config", "init"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // Uncommenting is deleting a line's first '#'; a section is kept when a key of it is.
        var sections: [(header: String?, lines: [String])] = [(nil, [])]
        var keys: [String] = []
        for line in lines where line.hasPrefix("#") {
            let body = String(line.dropFirst())
            if let header = body.wholeMatch(of: /([a-z_]+):/) {
                sections.append((String(header.1), []))
            } else if let key = body.wholeMatch(of: /(  )?([a-z_]+): ([^#]+)/), !body.contains("_env:") {
                let section = key.1 == nil ? nil : sections[sections.count - 1].header
                if key.1 == nil { sections.append((nil, [])) }
                sections[sections.count - 1].lines.append(body)
                keys.append((section.map { $0 + "." } ?? "") + key.2)
            }
        }
        let yaml =
            sections.filter { !$0.lines.isEmpty && $0.header != "chains" }.map { section in
                (section.header.map { ["\($0):"] } ?? []) + section.lines
            }.flatMap(\.self).joined(separator: "\n") + "\n"
        // Chains are an example, not a default.
        keys.removeAll { $0.hasPrefix("chains") }
        #expect(keys.count > 10, "\(keys)")
        let uncommented = try folder.write(Array(yaml.utf8), named: "uncommented.yaml")
        let check = try await ShareviaProcess.run(["config", "check", "--config", uncommented])
        #expect(check.status == 0, "\(yaml)\n\(check.stderr)")
        for key in keys {
            let line = check.stdout.split(separator: "\n").first { $0.hasPrefix(key + " ") }
            #expect(line?.contains("(file:") == true, "\(key): \(line ?? "not listed")")
        }
    }
}
