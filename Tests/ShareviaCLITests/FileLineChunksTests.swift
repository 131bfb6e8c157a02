import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import ShareviaCLI

#if canImport(Glibc)
import Glibc
#endif

/// A regular file read as chunks of whole lines: every line in exactly one chunk, in order,
/// whatever the chunk size, and the output of `sms count --lines` from a file is what one pass
/// over its bytes prints.
@Suite struct FileLineChunksTests {
    /// An open descriptor for `bytes` written to a file, at `offset`.
    final class OpenFile {
        let folder = TemporaryFolder("chunks")
        let path: String
        let descriptor: Int32

        init(_ bytes: [UInt8], offset: Int = 0) throws {
            path = try folder.write(bytes, named: "input.txt")
            descriptor = open(path, O_RDONLY)
            if offset > 0 { lseek(descriptor, off_t(offset), SEEK_SET) }
        }

        deinit { close(descriptor) }
    }

    /// Each chunk's lines, read with `readers` readers taking the chunks in turn.
    static func chunkLines(_ chunks: FileLineChunks, readers: Int) -> [[UInt8]] {
        let made = (0..<readers).map { _ in FileLineChunks.Reader(chunks) }
        return (0..<chunks.count).map { Array(made[$0 % readers].lines(ofChunk: $0)) }
    }

    static let texts: [String] = [
        SMSParallelCountTests.messages(lines: 60, seed: 3),
        SMSParallelCountTests.messages(lines: 20, seed: 4) + "no line feed at the end 🔥",
        "one\n\n\nafter empty lines\n",
        "\n\n\n",
        "x",
        String(repeating: "a very long line ", count: 200) + "\nshort\n" + String(repeating: "b", count: 999),
    ]

    @Test(arguments: texts.indices, [1, 2, 3, 7, 64, 1000, 1 << 20])
    func everyLineIsInExactlyOneChunkInOrder(text: Int, chunkSize: Int) throws {
        let bytes = Array(Self.texts[text].utf8)
        let file = try OpenFile(bytes)
        let chunks = try #require(FileLineChunks(descriptor: file.descriptor, chunkSize: chunkSize))
        #expect(chunks.length == bytes.count)
        #expect(chunks.count == max(1, (bytes.count + chunkSize - 1) / chunkSize))
        for readers in [1, 2] {
            let lines = Self.chunkLines(chunks, readers: readers)
            // Compared as one Bool: a failed comparison of two large arrays would print both.
            let joinedIsTheInput = Array(lines.joined()) == bytes
            #expect(joinedIsTheInput, "chunk size \(chunkSize), \(readers) readers")
            // Whole lines: every chunk with lines but the last of them ends with a line feed.
            for chunk in lines.filter({ !$0.isEmpty }).dropLast() { #expect(chunk.last == 0x0A) }
        }
    }

    @Test func randomBytesAndChunkSizes() throws {
        var generator = SeededGenerator(seed: 0xC4A7_5)
        for _ in 0..<200 {
            // Mostly line feeds and a few other bytes, so that lines of every length meet chunk edges.
            let count = Int.random(in: 1...300, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? 0x0A : UInt8.random(in: 0...255, using: &generator)
            }
            let chunkSize = Int.random(in: 1...40, using: &generator)
            let file = try OpenFile(bytes)
            let chunks = try #require(FileLineChunks(descriptor: file.descriptor, chunkSize: chunkSize))
            let joinedIsTheInput = Array(Self.chunkLines(chunks, readers: 2).joined()) == bytes
            #expect(joinedIsTheInput, "\(bytes), chunk size \(chunkSize)")
        }
    }

    @Test func readsFromTheOffsetAndLeavesItAtTheEnd() throws {
        let bytes = Array(SMSParallelCountTests.messages(lines: 40, seed: 5).utf8)
        let offset = try #require(bytes.firstIndex(of: 0x0A)) + 1
        let file = try OpenFile(bytes, offset: offset)
        let chunks = try #require(FileLineChunks(descriptor: file.descriptor, chunkSize: 100))
        #expect(chunks.origin == offset && chunks.length == bytes.count - offset)
        let chunked = Array(Self.chunkLines(chunks, readers: 2).joined()) == Array(bytes[offset...])
        #expect(chunked)
        let whole = chunks.readAll() == Array(bytes[offset...])
        #expect(whole)
        chunks.finish()
        #expect(lseek(file.descriptor, 0, SEEK_CUR) == off_t(bytes.count))
    }

    /// Issue 23, defect 3: a file that grows while it is counted (`yes >> file`) kept the last
    /// chunk reading without end. It is counted as it was when opened.
    @Test func linesAddedAfterOpeningAreNotRead() throws {
        let file = try OpenFile(Array("first\nsecond\n".utf8))
        let chunks = try #require(FileLineChunks(descriptor: file.descriptor, chunkSize: 4))
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("third, added later\n".utf8))
        try handle.close()
        let text = String(decoding: Self.chunkLines(chunks, readers: 1).joined(), as: UTF8.self)
        #expect(text == "first\nsecond\n")
        #expect(chunks.readAll() == Array("first\nsecond\n".utf8))
    }

    @Test func declinesWhatIsNotARegularFileWithBytesLeft() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { for end in pipeEnds { close(end) } }
        #expect(FileLineChunks(descriptor: pipeEnds[0], chunkSize: 64) == nil, "a pipe")
        let empty = try OpenFile([])
        #expect(FileLineChunks(descriptor: empty.descriptor, chunkSize: 64) == nil, "an empty file")
        let consumed = try OpenFile(Array("read already\n".utf8), offset: 13)
        #expect(FileLineChunks(descriptor: consumed.descriptor, chunkSize: 64) == nil, "a file at its end")
        // Files in /proc report size 0 but have bytes: they are read as a stream.
        let status = open("/proc/self/status", O_RDONLY)
        defer { close(status) }
        #expect(FileLineChunks(descriptor: status, chunkSize: 64) == nil, "/proc/self/status")
    }

    /// `sharevia sms count --lines < FILE`: standard input is the file itself.
    static func countFromFile(_ path: String) async throws -> ProcessOutput {
        try await ProcessRunner().run(
            ProcessInvocation(
                executable: ShareviaProcess.binary,
                arguments: ["sms", "count", "--lines"],
                standardInput: .file(path: path),
                timeout: .seconds(60)
            )
        )
    }

    @Test func theBinaryCountsAFileAsOnePassDoes() async throws {
        let text = SMSParallelCountTests.messages(lines: 12_000, seed: 9) + "last line without a line feed 🔥"
        let bytes = Array(text.utf8)
        let expected = SMSParallelCountTests.serial(bytes)
        #expect(expected.valid)
        let file = try OpenFile(bytes)
        let result = try await Self.countFromFile(file.path)
        #expect(result.exitStatus == 0)
        let sameOutput = result.standardOutput == expected.output
        #expect(sameOutput)
        #expect(result.standardOutput.count(where: { $0 == 0x0A }) == 12_001)
    }

    @Test func aBadByteInAFilePrintsNothingAndNamesItsOffset() async throws {
        var bytes = Array(SMSParallelCountTests.messages(lines: 12_000, seed: 10).utf8)
        // At the start of a line, so that no character before it is cut.
        let offset = try #require(bytes[..<(bytes.count - 1000)].lastIndex(of: 0x0A)) + 1
        bytes[offset] = 0xC3  // a lead byte without its continuation
        bytes[offset + 1] = 0x41
        let file = try OpenFile(bytes)
        let result = try await Self.countFromFile(file.path)
        #expect(result.exitStatus == 64)
        #expect(result.standardOutput.isEmpty)
        let stderr = String(decoding: result.standardError, as: UTF8.self)
        #expect(stderr.contains("first bad byte at offset \(offset)"), "\(stderr)")
    }
}
