import Foundation
import ProcessRunning
import TestSupport
import Testing

/// The README's library example and every Swift block of Adapters.md, built as the package an
/// integrator would write: each block names its file in a `<!-- file: PATH -->` comment (one of
/// them is the `Package.swift`, depending on sharevia by path), and this test writes them into a
/// temporary folder beside a link to this checkout, then builds that package and runs its tests.
/// A block quoting sharevia's own code says so with `<!-- excerpt: PATH -->`, and every line of it
/// must stand in that file. A Swift block with neither comment fails the test, so none is skipped.
@Suite struct IntegratorPackageTests {
    static let documents = ["README.md", "Adapters.md"]

    /// One fenced Swift block and the comment above it.
    struct Block {
        var document: String
        var line: Int
        var marker: String?
        var code: String
    }

    static func swiftBlocks(in document: String) throws -> [Block] {
        let text = try String(contentsOfFile: "\(PackageRoot.path)/\(document)", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let start = index
            let marker = start > 0 && lines[start - 1].hasPrefix("<!-- ") ? lines[start - 1] : nil
            var code: [String] = []
            index += 1
            while index < lines.count && lines[index] != "```" {
                code.append(lines[index])
                index += 1
            }
            blocks.append(
                Block(document: document, line: start + 1, marker: marker, code: code.joined(separator: "\n") + "\n")
            )
            index += 1
        }
        return blocks
    }

    /// The value of a `<!-- kind: VALUE -->` comment.
    static func value(of marker: String?, kind: String) -> String? {
        guard let marker, marker.hasPrefix("<!-- \(kind): "), marker.hasSuffix(" -->") else { return nil }
        return String(marker.dropFirst("<!-- \(kind): ".count).dropLast(" -->".count))
    }

    @Test func everySwiftBlockIsAFileOrAnExcerpt() throws {
        var files: [String: String] = [:]
        for document in Self.documents {
            for block in try Self.swiftBlocks(in: document) {
                let place = "\(block.document):\(block.line)"
                if let path = Self.value(of: block.marker, kind: "file") {
                    #expect(files[path] == nil, "\(place): \(path) is named twice")
                    files[path] = block.code
                } else if let source = Self.value(of: block.marker, kind: "excerpt") {
                    let original = try String(contentsOfFile: "\(PackageRoot.path)/\(source)", encoding: .utf8)
                    for line in block.code.split(separator: "\n")
                    where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                        #expect(original.contains(line), "\(place): '\(line)' is not in \(source)")
                    }
                } else {
                    Issue.record("\(place): a Swift block needs <!-- file: PATH --> or <!-- excerpt: PATH --> above it")
                }
            }
        }
        #expect(files["Package.swift"] != nil)
        #expect(files["Sources/streak-share/main.swift"] != nil, "the README's library example")
    }

    @Test(.timeLimit(.minutes(20))) func theDocumentedPackageBuildsAndPassesItsTests() async throws {
        let folder = TemporaryFolder("cli")
        let package = "\(folder.path)/my-destinations"
        // The Package.swift names the dependency "../sharevia": a link to this checkout.
        try FileManager.default.createSymbolicLink(
            atPath: "\(folder.path)/sharevia",
            withDestinationPath: PackageRoot.path
        )
        for document in Self.documents {
            for block in try Self.swiftBlocks(in: document) {
                guard let path = Self.value(of: block.marker, kind: "file") else { continue }
                let url = URL(fileURLWithPath: "\(package)/\(path)")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(),
                    withIntermediateDirectories: true
                )
                try block.code.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        // A scratch folder of its own, kept between runs so a second run builds only what changed.
        let scratch = "\(PackageRoot.path)/.build-integrator"
        let common = ["--package-path", package, "--scratch-path", scratch]
        for arguments in [["build", "--build-tests"] + common, ["test", "--skip-build"] + common] {
            let output = try await ProcessRunner().run(
                "/usr/bin/env",
                arguments: ["swift"] + arguments,
                environment: ProcessInfo.processInfo.environment,
                timeout: .seconds(900)
            )
            let log = String(decoding: output.standardOutput + output.standardError, as: UTF8.self)
            try #require(output.exitStatus == 0, "swift \(arguments[0]) failed:\n\(log.suffix(6000))")
        }
    }
}
