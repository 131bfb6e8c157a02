extension Duration {
    /// Whole milliseconds, at least 0 and at most `Int.max`: the form C timeouts take.
    package var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = Int(seconds).multipliedReportingOverflow(by: 1000)
        let (total, overflowAgain) = whole.addingReportingOverflow(Int(attoseconds / 1_000_000_000_000_000))
        return overflow || overflowAgain ? Int.max : total
    }
}
