import Clipboard
import Foundation
import ProcessRunning
import TestSupport

/// Reads selections back with the real xclip, independently of the destination under test.
enum XClip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `xclip -selection S -t TYPE -o` on `display`.
    static func read(_ selection: ClipboardSelection, type: String, display: String) async throws -> [UInt8] {
        try await run(["-selection", selection.rawValue, "-t", type, "-o"], display: display).standardOutput
    }

    /// `xclip -selection S -t TARGETS -o` on `display`, one type per element.
    ///
    /// Asked up to 100 times, 50 ms apart: xsel's owner serves one request at a time and, right
    /// after an INCR transfer of a long text, can refuse the next one ("target TARGETS not
    /// available"), as seen once in a full parallel run.
    static func targets(_ selection: ClipboardSelection, display: String) async throws -> [String] {
        var attempt = 1
        while true {
            do {
                let output = try await run(["-selection", selection.rawValue, "-t", "TARGETS", "-o"], display: display)
                return String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
            } catch  where attempt < 100 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    /// Puts text on a selection with xclip and waits until the selection serves it.
    ///
    /// xclip's selection request leaves the X connection from its forked child, a moment after
    /// the command returns; waiting makes the tests that overwrite a selection deterministic.
    static func write(_ text: String, to selection: ClipboardSelection, display: String) async throws {
        _ = try await run(
            ["-selection", selection.rawValue, "-t", "UTF8_STRING", "-i"],
            display: display,
            input: Array(text.utf8)
        )
        let served = try await waitFor(Array(text.utf8), on: selection, type: "UTF8_STRING", display: display)
        guard served == Array(text.utf8) else {
            throw Failure(
                description:
                    "xclip copied \"\(text)\" to \(selection.atomName), but it serves \(served.count) other bytes 3 s later"
            )
        }
    }

    /// Reads the selection until it holds `expected` (or 3 s pass) and returns the last read.
    static func waitFor(
        _ expected: [UInt8],
        on selection: ClipboardSelection,
        type: String,
        display: String
    ) async throws -> [UInt8] {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)
        var last: [UInt8] = []
        repeat {
            last = (try? await read(selection, type: type, display: display)) ?? []
            if last == expected { return last }
            try await Task.sleep(for: .milliseconds(10))
        } while clock.now < deadline
        return last
    }

    private static func run(_ arguments: [String], display: String, input: [UInt8]? = nil) async throws -> ProcessOutput
    {
        let xclip = try RequiredTools.path("xclip")
        let output = try await ProcessRunner().run(
            xclip,
            arguments: arguments,
            environment: ["DISPLAY": display],
            input: input,
            timeout: .seconds(10)
        )
        guard output.succeeded else {
            throw Failure(description: "xclip \(arguments.joined(separator: " ")) failed: \(output.errorText)")
        }
        return output
    }
}
