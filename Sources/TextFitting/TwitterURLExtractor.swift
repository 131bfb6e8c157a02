/// Finds URLs in text the way twitter-text does, including scheme-less domains such as
/// `example.com` whose TLD is on twitter-text's list.
///
/// ```swift
/// let urls = TwitterURLExtractor().extract(from: "see example.com/a and https://t.co/x")
/// // ["example.com/a", "https://t.co/x"]
/// ```
public struct TwitterURLExtractor: Sendable {
    /// Whether scheme-less domains (`example.com`) count as URLs. Twitter: yes; Mastodon: no.
    public var extractsURLsWithoutProtocol: Bool

    /// Creates an extractor.
    ///
    /// - Parameter extractsURLsWithoutProtocol: Whether `example.com` without `https://` is a URL.
    public init(extractsURLsWithoutProtocol: Bool = true) {
        self.extractsURLsWithoutProtocol = extractsURLsWithoutProtocol
    }

    /// The URLs in `text`, in order, with their positions.
    public func extract(from text: String) -> [ExtractedURL] {
        let scalars = Array(text.unicodeScalars)
        let values = scalars.map(\.value)
        let spans = spans(in: values)
        guard !spans.isEmpty else { return [] }
        var utf16Offsets = [Int](repeating: 0, count: values.count + 1)
        for (index, value) in values.enumerated() {
            utf16Offsets[index + 1] = utf16Offsets[index] + (value > 0xFFFF ? 2 : 1)
        }
        return spans.map { span in
            var url = String.UnicodeScalarView()
            url.append(contentsOf: scalars[span.start..<span.end])
            return ExtractedURL(
                url: String(url),
                scalarRange: span.start..<span.end,
                utf16Range: utf16Offsets[span.start]..<utf16Offsets[span.end],
                hasProtocol: span.hasProtocol
            )
        }
    }

    /// The URL spans in a buffer of scalar values.
    func spans(in values: [UInt32]) -> [URLSpan] {
        values.withUnsafeBufferPointer { buffer in
            var scanner = URLScanner(text: buffer, extractsWithoutProtocol: extractsURLsWithoutProtocol)
            return scanner.scan()
        }
    }
}

/// A URL found in text.
public struct ExtractedURL: Sendable, Hashable {
    /// The URL as written.
    public var url: String
    /// Its position in the text's `unicodeScalars`.
    public var scalarRange: Range<Int>
    /// Its position in the text's UTF-16 code units (what twitter-text's indices count).
    public var utf16Range: Range<Int>
    /// True when it starts with `http://` or `https://`.
    public var hasProtocol: Bool
}
