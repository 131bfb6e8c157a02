import ShareCore

#if canImport(Glibc)
import Glibc
#endif

/// `--pick` on a terminal: a numbered list on stderr, a number read from `/dev/tty` (or from
/// standard input when that is a terminal). An empty answer takes the preselected choice; end of
/// input cancels. Lines longer than ``lineLimit`` bytes are refused.
final class TerminalPrompt: PickerDialog, @unchecked Sendable {
    /// The cap on one answer, in bytes.
    static let lineLimit = 4096
    /// The descriptor answers are read from.
    private let input: Int32
    /// Whether ``input`` was opened here (`/dev/tty`) and is closed when done.
    private let owned: Bool

    private init(input: Int32, owned: Bool) {
        self.input = input
        self.owned = owned
    }

    deinit { if owned { close(input) } }

    /// The terminal: `/dev/tty` when it opens, else standard input when it is a terminal; nil
    /// when there is none.
    static func open() -> TerminalPrompt? {
        let tty = Glibc.open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
        if tty >= 0 { return TerminalPrompt(input: tty, owned: true) }
        return isatty(0) == 1 ? TerminalPrompt(input: 0, owned: false) : nil
    }

    func choose(
        _ choices: [PickerChoice],
        preselected: DestinationID?,
        subject: String
    ) async throws(PickerFailure) -> DestinationID? {
        let width = choices.map(\.id.rawValue.count).max() ?? 0
        var lines = ["Share \(subject) with:"]
        for (index, choice) in choices.enumerated() {
            let number = String(index + 1)
            let pad = String(repeating: " ", count: max(0, 3 - number.count))
            let id = choice.id.rawValue + String(repeating: " ", count: width - choice.id.rawValue.count)
            let mark = choice.id == preselected ? " (last choice)" : ""
            lines.append("\(pad)\(number)) \(id)  \(choice.name): \(choice.status())\(mark)")
        }
        StandardStreams.printError(lines.joined(separator: "\n"))
        let preselectedNumber = choices.firstIndex { $0.id == preselected }.map { $0 + 1 }
        while true {
            let hint = preselectedNumber.map { " [\($0)]" } ?? ""
            guard let answer = try ask("Number\(hint): ") else { return nil }
            if answer.isEmpty, let preselectedNumber { return choices[preselectedNumber - 1].id }
            if let number = Int(answer), choices.indices.contains(number - 1) { return choices[number - 1].id }
            if let choice = choices.first(where: { $0.id.rawValue == answer }) { return choice.id }
            StandardStreams.printError(
                "'\(PickerText.oneLine(answer))' is not one of the numbers 1 to \(choices.count)"
            )
        }
    }

    /// The destination an answer names: its number in the list (from 1), its id, or nothing
    /// (Enter) for the preselected one; nil when it names none.
    static func choice(_ answer: String, among choices: [PickerChoice], preselected: DestinationID?) -> DestinationID? {
        if answer.isEmpty { return choices.contains { $0.id == preselected } ? preselected : nil }
        if let number = Int(answer), number >= 1, number <= choices.count { return choices[number - 1].id }
        return choices.first { $0.id.rawValue == answer }?.id
    }

    func explainUnavailable(_ choice: PickerChoice) async throws(PickerFailure) {
        StandardStreams.printError("\(choice.id) is not available here: \(choice.unavailableReason ?? "unavailable")")
    }

    func askText(for choice: PickerChoice, prefill: String) async throws(PickerFailure) -> String? {
        if !prefill.isEmpty { StandardStreams.printError("Text: \(prefill)") }
        let prompt = prefill.isEmpty ? "Text to share (optional): " : "Text (Enter keeps it): "
        guard let answer = try ask(prompt) else { return nil }
        return answer.isEmpty ? prefill : answer
    }

    /// Prints `prompt` on stderr and reads one line; nil at end of input.
    private func ask(_ prompt: String) throws(PickerFailure) -> String? {
        StandardStreams.writeError(prompt)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw PickerFailure(message: "--pick can't read the answer: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                if line.isEmpty {
                    StandardStreams.printError("")
                    return nil
                }
                break
            }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
            if line.count > Self.lineLimit {
                throw PickerFailure(message: "--pick: an answer longer than \(Self.lineLimit) bytes was refused")
            }
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(String(decoding: line, as: UTF8.self).trimmingWhitespace())
    }
}
