extension CardFields.PersonalRecord {
    /// How much better the record is than the previous one, as a fraction (0.06 for 6%).
    var improvement: Double? {
        guard let previous, previous != 0 else { return nil }
        let change = lowerIsBetter ? (previous - record) / previous : (record - previous) / previous
        return change
    }
}

extension CardFields.Progress {
    /// How far along, as a fraction of the target (1.33 when past it; never negative).
    var fraction: Double { max(current / target, 0) }
}

extension CardFields.Statistics {
    /// The total the card shows: the given one, else the items' counts summed (at most Int.max).
    var shownTotal: Int {
        total
            ?? items.reduce(0) { sum, item in
                let (next, overflow) = sum.addingReportingOverflow(item.count)
                return overflow ? Int.max : next
            }
    }
}
