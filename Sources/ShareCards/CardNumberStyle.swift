/// How a language writes numbers on cards: its digits, group and decimal separators, group
/// sizes and percent sign (`123 456`, `١٢٣٬٤٥٦`, `12,34,567`, `%60`), from its catalogue.
package struct CardNumberStyle: Sendable, Hashable {
    /// The ten digits, zero first.
    package var digitCharacters: [Character]
    package var group: String
    package var decimal: String
    /// The size of the first group from the right, then of every other (`[3]`, `[3, 2]`).
    package var grouping: [Int]
    /// How many digits a whole part needs before it is grouped (2 in Spanish: `4200`, `12.345`).
    package var minimumGrouping: Int
    /// The percent form, with `{n}` for the number.
    package var percentPattern: String

    /// A style from a catalogue's entries.
    ///
    /// - Throws: ``CardError`` naming the file and the entry when a value can't be used.
    init(
        digits: String,
        group: String,
        decimal: String,
        grouping: String,
        minimumGrouping: String,
        percent: String,
        file: String
    ) throws(CardError) {
        digitCharacters = Array(digits)
        guard digitCharacters.count == 10 else {
            throw CardError(
                .invalidSpec,
                "\(file): number.digits has \(digitCharacters.count) characters; give the ten digits, zero first"
            )
        }
        let sizes = grouping.split(separator: ",").map { Int($0.trimmingSpaces) }
        guard !sizes.isEmpty, sizes.count <= 2, sizes.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 4 }) else {
            throw CardError(.invalidSpec, "\(file): number.grouping is '\(grouping)'; write 3, or 3,2 for 12,34,567")
        }
        guard let minimum = Int(minimumGrouping), (1...3).contains(minimum) else {
            throw CardError(.invalidSpec, "\(file): number.minimum-grouping is '\(minimumGrouping)'; write 1, 2 or 3")
        }
        guard percent.contains("{n}") else {
            throw CardError(.invalidSpec, "\(file): percent is '\(percent)'; it needs {n} where the number goes")
        }
        self.group = group
        self.decimal = decimal
        self.grouping = sizes.map { $0! }
        self.minimumGrouping = minimum
        percentPattern = percent
    }

    /// ASCII digits in `text` written with this language's digits.
    package func digits(_ text: String) -> String {
        String(
            text.map { character in
                guard let ascii = character.asciiValue, (48...57).contains(ascii) else { return character }
                return digitCharacters[Int(ascii - 48)]
            }
        )
    }

    /// A whole number, grouped: `4,200`, `4.200`, `4 200`, `١٢٣٬٤٥٦`.
    package func integer(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        return sign + grouped(String(value.magnitude))
    }

    /// `18`, `42.5`: up to one decimal, none when whole; numbers too large for a spec (10^15 and
    /// more, or not finite) as Swift writes them.
    package func plain(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.description }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = grouped(String(tenths.magnitude / 10))
        let fraction = tenths.magnitude % 10
        return sign + whole + (fraction == 0 ? "" : decimal + digits(String(fraction)))
    }

    /// `42.5 km`.
    package func value(_ value: Double, unit: String) -> String {
        unit.isEmpty ? plain(value) : plain(value) + " " + unit
    }

    /// `60%` for 0.6: whole percents, clamped at 0 and at a million percent.
    package func percent(_ fraction: Double) -> String {
        let whole = fraction.isNaN ? 0 : Int(min(max(fraction, 0) * 100, 1_000_000).rounded())
        return percentPattern.replacingAll("{n}", with: integer(whole))
    }

    /// ASCII digits grouped from the right and written with this language's digits.
    private func grouped(_ ascii: String) -> String {
        let characters = Array(ascii)
        guard characters.count >= grouping[0] + minimumGrouping else { return digits(ascii) }
        var groups: [String] = []
        var end = characters.count
        var size = grouping[0]
        while end > 0 {
            let start = max(0, end - size)
            groups.insert(String(characters[start..<end]), at: 0)
            end = start
            size = grouping.last!
        }
        return digits(groups.joined(separator: group))
    }
}

extension Substring {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var text = String(self)
        while text.hasPrefix(" ") { text.removeFirst() }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
