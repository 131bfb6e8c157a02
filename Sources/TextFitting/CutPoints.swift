/// Where a body may be cut: grapheme-cluster boundaries (so never inside a ZWJ emoji sequence,
/// a flag or a combining sequence) that are not inside a URL, a mention or a hashtag.
enum CutPoints {
    /// The allowed cut positions of `body`, ascending, from `startIndex` up to (not including) `endIndex`.
    static func allowed(in body: String) -> [String.Index] {
        let values = body.unicodeScalars.map(\.value)
        var spans: [Range<Int>] = TwitterURLExtractor().spans(in: values).map { $0.start..<$0.end }
        spans += EntityScanner.mentions(in: values).map(\.range)
        spans += EntityScanner.hashtags(in: values)
        spans.sort { $0.lowerBound < $1.lowerBound }

        var cuts: [String.Index] = []
        var offset = 0  // scalar offset of the current boundary
        var spanIndex = 0
        var index = body.startIndex
        while index < body.endIndex {
            while spanIndex < spans.count, spans[spanIndex].upperBound <= offset { spanIndex += 1 }
            let inside = spans[spanIndex...].prefix { $0.lowerBound < offset }.contains { $0.upperBound > offset }
            if !inside { cuts.append(index) }
            let next = body.index(after: index)
            offset += body.unicodeScalars[index..<next].count
            index = next
        }
        return cuts
    }
}
