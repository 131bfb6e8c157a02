/// Where a line of text read from standard input ends: at LF, or at the CR of CRLF. Neither is
/// part of the line, so a file saved with Windows line endings counts as the same file with LF.
/// A CR not followed by LF is text.
enum LineEnding {
    /// Carriage return, the first byte of CRLF.
    static let carriageReturn: UInt8 = 0x0D
    /// Line feed.
    static let lineFeed: UInt8 = 0x0A

    /// The end of the content of the line from `start` whose line feed is at `feed`: the CR
    /// before it when there is one in the line, else `feed`.
    static func contentEnd<Bytes: BidirectionalCollection<UInt8>>(
        of bytes: Bytes,
        lineStartingAt start: Bytes.Index,
        feedAt feed: Bytes.Index
    ) -> Bytes.Index {
        guard feed > start else { return feed }
        let before = bytes.index(before: feed)
        return bytes[before] == carriageReturn ? before : feed
    }

    /// The lines of `bytes`, each without its LF or CRLF; a last line without a line feed is
    /// kept whole, and input that ends with a line feed has no empty line after it.
    static func lines<Bytes: BidirectionalCollection<UInt8>>(of bytes: Bytes) -> [Bytes.SubSequence] {
        var lines: [Bytes.SubSequence] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let feed = bytes[start...].firstIndex(of: lineFeed) else {
                lines.append(bytes[start...])
                break
            }
            lines.append(bytes[start..<contentEnd(of: bytes, lineStartingAt: start, feedAt: feed)])
            start = bytes.index(after: feed)
        }
        return lines
    }

    /// `bytes` without one final LF or CRLF.
    static func withoutFinalLineEnding<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        guard let last = bytes.indices.last, bytes[last] == lineFeed else { return bytes[...] }
        return bytes[..<contentEnd(of: bytes, lineStartingAt: bytes.startIndex, feedAt: last)]
    }
}
