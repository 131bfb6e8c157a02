/// An SMS counted and explained: its count, what forced UCS-2, and what smart encoding did or
/// would do. What `sharevia sms count` prints and the SMS destination reports.
public struct SMSAnalysis: Sendable, Hashable {
    /// The text counted: the input, or its smart-encoded form when that was applied.
    public var text: String
    /// Its encoding, units and parts.
    public var count: SMSCount
    /// The characters that forced UCS-2 (at most 20), empty for GSM-7.
    public var nonGSMCharacters: [String]
    /// The look-alikes replaced, when smart encoding was asked for and made the text GSM-7.
    public var smartReplacements: [SMSSmartEncoding.Replacement]
    /// Without smart encoding: the count smart encoding would give, when it would make the text GSM-7.
    public var smartEncodingWouldGive: SMSCount?

    /// Counts `text`, applying smart encoding when `smartEncoding` is true (and it helps).
    public init(_ text: String, smartEncoding: Bool = false) {
        var text = text
        var replacements: [SMSSmartEncoding.Replacement] = []
        var wouldGive: SMSCount?
        let count = SMSSegmentCounter.count(text)
        if count.encoding == .ucs2 {
            let smart = SMSSmartEncoding.encode(text)
            if smart.applied {
                if smartEncoding {
                    text = smart.text
                    replacements = smart.replacements
                } else {
                    wouldGive = SMSSegmentCounter.count(smart.text)
                }
            }
        }
        self.text = text
        self.count = replacements.isEmpty ? count : SMSSegmentCounter.count(text)
        self.nonGSMCharacters = self.count.encoding == .ucs2 ? SMSSegmentCounter.nonGSMCharacters(in: text) : []
        self.smartReplacements = replacements
        self.smartEncodingWouldGive = wouldGive
    }

    /// Lines for people: what forced UCS-2 and what smart encoding did or would save.
    public var notes: [String] {
        var notes: [String] = []
        if !nonGSMCharacters.isEmpty {
            let shown = nonGSMCharacters.map { "\($0) (\(SMSSegmentCounter.nonGSMScalars(of: $0)))" }
            notes.append("UCS-2 forced by " + shown.joined(separator: ", "))
        }
        if !smartReplacements.isEmpty {
            notes.append("smart encoding: " + smartReplacements.map(\.description).joined(separator: ", "))
        }
        if let wouldGive = smartEncodingWouldGive {
            let saved = count.segments - wouldGive.segments
            notes.append(
                "smart encoding would make it GSM-7 in \(wouldGive.segments) segment\(wouldGive.segments == 1 ? "" : "s")"
                    + (saved > 0 ? " (\(saved) fewer)" : " (the same number of segments, more room left)")
            )
        }
        return notes
    }
}
