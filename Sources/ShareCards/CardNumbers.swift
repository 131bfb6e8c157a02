/// How cards write numbers: plain integers, values with units, percentages.
enum CardNumbers {
    /// `18`, `42.5`: up to one decimal, none when whole. Numbers a spec can't hold (10^15 and
    /// more, not finite: a caller's own ``CardFields``) as Swift writes them, such as `1e+20`.
    static func plain(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return value.description }
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(Int(tenths) / 10) + "." + String(abs(Int(tenths)) % 10)
    }

    /// `42.5 km`.
    static func value(_ value: Double, unit: String) -> String {
        unit.isEmpty ? plain(value) : plain(value) + " " + unit
    }

    /// `60%` for 0.6 (whole percents, clamped at 0 and at a million percent).
    static func percent(_ fraction: Double) -> String {
        guard !fraction.isNaN else { return "0%" }
        return String(Int(min(max(fraction, 0) * 100, 1_000_000).rounded())) + "%"
    }
}

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
