/// The config reader on arbitrary bytes, for the `config-parse` fuzz target (`Fuzz/`).
@_spi(Fuzzing)
public enum ConfigFuzzing {
    /// Reads `bytes` as a config file; returns how many keys it held, or nil when it was refused.
    /// Every refusal carries a line within the text.
    public static func parse(_ bytes: [UInt8]) -> Int? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        do {
            return try ConfigYAML.parse(text).count
        } catch {
            let lines = max(1, LineEnding.lines(of: text.utf8).count)
            precondition(error.line >= 1 && error.line <= lines, "line \(error.line) of \(lines)")
            return nil
        }
    }
}
