import ShareCore

/// `--pick`'s readers on arbitrary bytes, for the `picker-answer` fuzz target (`Fuzz/`): the
/// remembered choice (`last-pick`) and each line as an answer at the terminal prompt.
@_spi(Fuzzing)
public enum PickerFuzzing {
    /// The choices the answers are read against: available and not, as the prompt lists them.
    static let choices = [
        PickerChoice(id: "clipboard", name: "Clipboard", unavailableReason: "DISPLAY is not set", takesText: true),
        PickerChoice(id: "file", name: "File export", unavailableReason: nil, takesText: true),
        PickerChoice(id: "x", name: "X (Twitter)", unavailableReason: nil, takesText: true),
    ]

    /// Reads `bytes` as a `last-pick` file, then each of its lines as an answer; returns how many
    /// named a choice. A remembered id is well formed and came from at most 256 bytes; an answer
    /// names one of the choices or none.
    public static func read(_ bytes: [UInt8]) -> Int {
        if let id = LastPick.parse(bytes) {
            precondition(id.isWellFormed && bytes.count <= LastPick.limit, "read '\(id)' from \(bytes.count) bytes")
        }
        var named = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(64) {
            let answer = String(String(decoding: line, as: UTF8.self).trimmingWhitespace())
            guard let id = TerminalPrompt.choice(answer, among: choices, preselected: "file") else { continue }
            precondition(choices.contains { $0.id == id }, "the answer '\(answer)' named '\(id)'")
            named += 1
        }
        return named
    }
}
