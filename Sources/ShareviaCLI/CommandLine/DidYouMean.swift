/// The known word a mistyped one was probably meant to be, as git and gh suggest one: the
/// closest by edits (one for every three letters, rounded up: `drak` is `dark`, `midnite`
/// is `midnight`), or the one it begins.
enum DidYouMean {
    /// The candidate closest to `word`, or nil when none is close.
    static func closest(to word: String, in candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let allowed = (word.count + 2) / 3
        let scored = candidates.filter { $0 != word }.map { ($0, CommandLineReader.editDistance($0, word)) }
        if let best = scored.filter({ $0.1 <= allowed }).min(by: { $0.1 < $1.1 }) { return best.0 }
        guard word.count >= 3 else { return nil }
        return candidates.first { $0.hasPrefix(word) }
    }
}
