import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Many `sharevia` processes sharing into one folder at once: each share's files carry one
/// number (`card-7.png`, `card-7.txt`, `card-7.share.json`), nothing is lost or overwritten.
/// Serialized: its rows start processes that, run all at once, starve the suites that time things.
@Suite(.serialized) struct ConcurrentShareNumberingTests {
    let folder = TemporaryFolder("cli-concurrent")
    var out: String { folder.file("out") }
    static let shares = 50

    /// Runs `shares` processes of `arguments(index)` at once; returns each one's stdout lines.
    func runConcurrently(
        environment: [String: String] = [:],
        _ arguments: @escaping @Sendable (Int) -> [String]
    ) async throws -> [[String]] {
        try await withThrowingTaskGroup(of: (Int, ShareviaProcess.Run).self) { group in
            for index in 0..<Self.shares {
                group.addTask {
                    (index, try await ShareviaProcess.run(arguments(index), environment: environment))
                }
            }
            var outputs = Array(repeating: [String](), count: Self.shares)
            for try await (index, run) in group {
                #expect(run.status == 0, "share \(index): \(run.stderr)")
                outputs[index] = run.stdout.split(separator: "\n").map(String.init)
            }
            return outputs
        }
    }

    /// The number in `card-7.png` (7) or `card.png` (0).
    static func number(of path: String, stem: String) -> Int? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let rest = name.dropFirst(stem.count)
        guard name.hasPrefix(stem) else { return nil }
        if rest.hasPrefix(".") { return 0 }
        guard rest.hasPrefix("-") else { return nil }
        return Int(rest.dropFirst().prefix { $0.isNumber })
    }

    /// Every share wrote `suffixes.count` files under one number of its own, the numbers are
    /// 0..<shares, and the folder holds exactly those files.
    func expectOneNumberPerShare(_ outputs: [[String]], suffixes: [String]) throws -> [Int: Int] {
        var numbers: [Int: Int] = [:]
        for (index, paths) in outputs.enumerated() {
            #expect(paths.count == suffixes.count, "share \(index) wrote \(paths)")
            let own = Set(paths.compactMap { Self.number(of: $0, stem: "card") })
            #expect(own.count == 1, "share \(index) mixed numbers: \(paths)")
            guard let number = own.first else { continue }
            let expected = suffixes.map { "\(out)/\(number == 0 ? "card" : "card-\(number)")\($0)" }
            #expect(paths == expected, "share \(index)")
            numbers[index] = number
        }
        #expect(Set(numbers.values) == Set(0..<Self.shares), "one number per share, none lost")
        let names = folder.names(in: "out")
        #expect(names.count == Self.shares * suffixes.count, "nothing lost, nothing left over: \(names)")
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file is left")
        return numbers
    }

    @Test func fiftyFileExportsIntoOneFolderEachKeepOneNumber() async throws {
        let card = PackageRoot.exampleCard
        let out = self.out
        let outputs = try await runConcurrently { index in
            ["--to", "file", card, "--text", "share \(index)", "--out", out, "--no-fallback"]
        }
        let numbers = try expectOneNumberPerShare(outputs, suffixes: [".png", ".txt", ".share.json"])
        for (index, number) in numbers {
            let stem = number == 0 ? "card" : "card-\(number)"
            #expect(folder.read("out/\(stem).txt") == Data("share \(index)\n".utf8), "share \(index)'s text")
            let manifest = try #require(folder.read("out/\(stem).share.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
            #expect(json["files"] as? [String] == ["\(stem).png", "\(stem).txt"])
            #expect(json["text"] as? String == "share \(index)")
        }
    }

    @Test func fiftyInstagramBundlesIntoOneFolderEachKeepOneNumber() async throws {
        let card = PackageRoot.exampleCard
        let out = self.out
        let outputs = try await runConcurrently(environment: ["SHAREVIA_INSTAGRAM_APP_ID": "1234567890"]) { _ in
            ["--to", "instagram", card, "--out", out, "--no-fallback"]
        }
        let numbers = try expectOneNumberPerShare(outputs, suffixes: [".png", ".instagram.plist", ".instagram.json"])
        for number in numbers.values {
            let stem = number == 0 ? "card" : "card-\(number)"
            let bundle = try #require(folder.read("out/\(stem).instagram.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: bundle) as? [String: Any])
            #expect(json["image"] as? String == "\(stem).png")
            #expect(json["pasteboardItem"] as? String == "\(stem).instagram.plist")
        }
    }

    @Test func aLaterShareRemovesTemporaryFilesOlderThanAnHourAndKeepsNewerOnes() async throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let stale = try folder.write([UInt8](repeating: 0, count: 1000), named: "out/.sharevia-tmp-killedrun")
        let fresh = try folder.write([1], named: "out/.sharevia-tmp-stillwriting")
        let other = try folder.write([2], named: "out/.sharevia-other")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: stale
        )
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: fresh)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7200)],
            ofItemAtPath: other
        )
        let run = try await ShareviaProcess.run(["--to", "file", "--text", "hi", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            folder.names(in: "out") == [
                ".sharevia-other", ".sharevia-tmp-stillwriting", "share.share.json", "share.txt",
            ]
        )
    }

    @Test func sharesWhoseNamesOverlapAtAnotherPlaceStillKeepOneNumberEach() async throws {
        // Half the shares write a.png, card.png, a.txt, a.share.json; the other half card.png,
        // card.txt, card.share.json. They meet on card-N.png, which one reserves first and the
        // other finds taken after reserving a-N.png: it must give N up and move on whole.
        let second = try folder.write(
            Data(FileManager.default.contents(atPath: PackageRoot.exampleCard)!),
            named: "a.png"
        )
        let card = PackageRoot.exampleCard
        let out = self.out
        let outputs = try await runConcurrently { index in
            (index.isMultiple(of: 2) ? ["--to", "file", second, card] : ["--to", "file", card])
                + ["--text", "share \(index)", "--out", out, "--no-fallback"]
        }
        var everyPath: [String] = []
        for (index, paths) in outputs.enumerated() {
            let stems = paths.map { path in
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return String(name.prefix { $0 != "." })
            }
            let numbers = Set(
                stems.map { stem in stem.split(separator: "-").dropFirst().first.map(String.init) ?? "0" }
            )
            #expect(numbers.count == 1, "share \(index) mixed numbers: \(paths)")
            #expect(paths.count == (index.isMultiple(of: 2) ? 4 : 3), "share \(index) wrote \(paths)")
            everyPath += paths
        }
        #expect(Set(everyPath).count == everyPath.count, "no file was written twice")
        let names = folder.names(in: "out")
        #expect(names.count == everyPath.count, "nothing lost, nothing left over")
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file is left")
    }
}
