/// `sharevia sms count --lines`' count of one line: ``SMSScanner``'s pass over its UTF-8 bytes,
/// written as the same line ``SMSAnalysis`` and ``SMSCount/summary`` give, without building a
/// `String`.
package enum SMSLineCounter {
    /// What ``count(_:appendingTo:)`` did with a line.
    package enum Outcome: Sendable, Equatable {
        /// The line's summary and notes, then a line feed, were appended.
        case counted
        /// The bytes are not UTF-8; nothing was appended.
        case invalidUTF8
    }

    /// Appends the summary of `line` (bytes without their line feed) and its notes, then a line
    /// feed, to `output`, checking the bytes are UTF-8 as it goes.
    package static func count(_ line: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Outcome {
        let counted = SMSScanner.scan(line, smartCount: true) { scan, forcing, tables in
            SMSSummaryWriter.withWriter(appendingTo: &output) { writer in
                write(scan, forcing, tables, of: line, to: &writer)
            }
            return true
        }
        return counted == true ? .counted : .invalidUTF8
    }

    @inline(__always)
    private static func write(
        _ scan: SMSScanner.Scan,
        _ forcing: SMSForcingClusters,
        _ tables: SMSScanner.Tables,
        of line: UnsafeBufferPointer<UInt8>,
        to writer: inout SMSSummaryWriter
    ) {
        writer.summary(scan.count)
        if let base = line.baseAddress, forcing.count > 0 {
            writer.literal("; ")
            writer.forcingNoteStart()
            for number in 0..<forcing.count {
                let (start, end) = forcing[number]
                writer.forcingCluster(
                    base,
                    from: start,
                    to: end,
                    readable: line.count - start,
                    first: number == 0,
                    septets: tables.septets
                )
            }
        }
        if let smart = scan.smartCount, SMSSmartEncoding.applies(smart, over: scan.count) {
            writer.literal("; ")
            writer.smartEncodingNote(smart, over: scan.count)
        }
        writer.byte(0x0A)
    }
}
