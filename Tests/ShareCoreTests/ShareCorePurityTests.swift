import Foundation
import TestSupport
import Testing

/// Issue 24: ShareCore does no file or process I/O; attachment bytes, secret files and
/// executables on `PATH` are read by `LocalFiles` and the implementations. This reads ShareCore's
/// sources and fails on a system import or a call that reads files or starts processes.
@Suite struct ShareCorePurityTests {
    /// Imports that bring the C library or Foundation's file and process APIs.
    static let forbiddenImports = [
        "Glibc", "Darwin", "Musl", "Android", "WinSDK", "Dispatch", "Foundation.FileManager",
    ]

    /// Calls of the C library's file and process functions, as a bare call (`open(`), not a method
    /// of the same name (`reader.read(`) or a declaration (`func read(`).
    static let forbiddenCalls = [
        "open", "openat", "read", "pread", "write", "close", "stat", "fstat", "lstat", "access", "fopen", "poll",
        "fcntl", "getenv", "fork", "execve", "execv", "posix_spawn", "posix_spawnp", "popen", "system", "unlink",
        "mkdir", "readlink",
    ]

    /// Foundation types that read files or run processes.
    static let forbiddenTypes = [
        "FileManager", "FileHandle", "Process(", "ProcessInfo", "Data(contentsOf:", "String(contentsOf",
        "contentsOfFile:", "URL(fileURLWithPath",
    ]

    @Test func shareCoreDoesNoFileOrProcessIO() throws {
        let folder = "\(PackageRoot.path)/Sources/ShareCore"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10, "ShareCore's sources were not found in \(folder)")
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.code(of: line)
                for problem in Self.problems(in: code) { found.append("\(file):\(number + 1): \(problem)") }
            }
        }
        #expect(found.isEmpty, "ShareCore must not do file or process I/O:\n\(found.joined(separator: "\n"))")
    }

    @Test(arguments: [
        "import Glibc", "let fd = open(path, O_RDONLY)", "if stat(candidate, &info) == 0 {",
        "FileManager.default.contents(atPath: p)", "_ = read(descriptor, buffer, 4)", "try Data(contentsOf: url)",
    ])
    func theScanFindsIO(line: String) {
        #expect(!Self.problems(in: line).isEmpty)
    }

    @Test(arguments: [
        "try reader.read(limit: 1, rule: r)", "func read(", "/// read once", "bytes.append(contentsOf: chunk)",
    ])
    func theScanLeavesTheRestAlone(line: String) {
        #expect(Self.problems(in: Self.code(of: Substring(line))).isEmpty)
    }

    /// The line without a `//` comment (string literals are rare enough in ShareCore to keep).
    static func code(of line: Substring) -> String {
        guard let comment = line.firstRange(of: "//") else { return String(line) }
        return String(line[..<comment.lowerBound])
    }

    /// What `code` does that ShareCore must not.
    static func problems(in code: String) -> [String] {
        var problems: [String] = []
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        for module in forbiddenImports where trimmed == "import \(module)" || trimmed.hasSuffix(" import \(module)") {
            problems.append("imports \(module)")
        }
        for type in forbiddenTypes where code.contains(type) { problems.append("uses \(type)") }
        for call in forbiddenCalls {
            var rest = Substring(code)
            while let range = rest.firstRange(of: "\(call)(") {
                let before = code[..<range.lowerBound]
                let previous = before.last
                let isBare = previous.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
                if isBare && !before.hasSuffix("func ") && !before.hasSuffix("case ") {
                    problems.append("calls \(call)(")
                }
                rest = rest[range.upperBound...]
            }
        }
        return problems
    }
}
