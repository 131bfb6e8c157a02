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
        var bytes = text
        let scanned = bytes.withUTF8 { bytes in
            SMSScanner.scan(bytes, smartCount: true) { scan, forcing, _ in
                (scan.count, SMSSegmentCounter.strings(forcing, in: bytes), scan.smartCount)
            }
        }
        guard case let (count, forcing, smart)? = scanned else { preconditionFailure("a String is UTF-8") }
        self.text = text
        self.count = count
        self.nonGSMCharacters = forcing
        self.smartReplacements = []
        self.smartEncodingWouldGive = nil
        guard let smart, SMSSmartEncoding.applies(smart, over: count) else { return }
        if smartEncoding {
            (self.text, smartReplacements) = SMSSmartEncoding.replacingLookAlikes(in: text)
            self.count = smart
            nonGSMCharacters = []
        } else {
            smartEncodingWouldGive = smart
        }
    }

    /// Lines for people: what forced UCS-2 and what smart encoding did or would save.
    public var notes: [String] {
        var notes: [String] = []
        if !nonGSMCharacters.isEmpty {
            notes.append(
                GSM7Alphabet.latin1Septets.withUnsafeBufferPointer { septets in
                    SMSSummaryWriter.string { writer in
                        writer.forcingNoteStart()
                        for (number, character) in nonGSMCharacters.enumerated() {
                            var character = character
                            character.withUTF8 { bytes in
                                guard let base = bytes.baseAddress else { return }
                                writer.forcingCluster(
                                    base,
                                    from: 0,
                                    to: bytes.count,
                                    readable: bytes.count,
                                    first: number == 0,
                                    septets: septets
                                )
                            }
                        }
                    }
                }
            )
        }
        if !smartReplacements.isEmpty {
            notes.append("smart encoding: " + smartReplacements.map(\.description).joined(separator: ", "))
        }
        if let wouldGive = smartEncodingWouldGive {
            notes.append(SMSSummaryWriter.string { $0.smartEncodingNote(wouldGive, over: count) })
        }
        return notes
    }
}
