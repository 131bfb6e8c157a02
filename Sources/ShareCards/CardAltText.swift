/// Alt text for a card, written from its spec: what the image shows, in the card's language
/// (its catalogue's `alt.*` words, ``CardCatalogue``), never a file name.
///
/// It reads the same ``CardFace`` the drawing does, so it says what is drawn and nothing more:
/// a private card's alt text has no exact value either. For example
/// `Achievement card: Night Owl, level 7, unlocked Nov 25, 2026`.
package enum CardAltText {
    /// The longest alt text written, in characters; a longer one ends in `…`.
    package static let maximumLength = 1000

    /// The alt text of `spec`'s card.
    package static func text(for spec: CardSpec) -> String {
        let face = CardFace(spec: spec)
        let catalogue = CardCatalogue.forLanguage(spec.language)
        let lowercasesLabels = catalogue.text("alt.lowercase-labels") == "yes"
        var pieces: [String] = [face.headline]
        if case .achievement(let achievement) = spec.fields, let rarity = achievement.rarity, !rarity.isEmpty {
            let key = "rarity." + rarity.lowercased()
            let word = catalogue.entries[key] != nil ? catalogue.text(key) : rarity
            pieces[0] += " (\(lowercasesLabels ? word.lowercasedFirst : word))"
        }
        if case .ring(_, let center) = face.hero, center.contains(where: \.isNumber) {
            pieces.append(center)
        }
        pieces.append(face.detail)
        switch face.strip {
        case .bar(_, let caption): pieces.append(caption)
        case .calendar(let days) where !spec.isPrivate:
            pieces.append(
                CardCatalogue.fill(
                    catalogue.text("alt.calendar"),
                    [
                        ("done", catalogue.numbers.integer(days.filter { $0 }.count)),
                        ("count", catalogue.numbers.integer(days.count)),
                    ]
                )
            )
        case .calendar, .chart, nil: break
        }
        for stat in face.stats where !(face.headline.contains(stat.label) && face.headline.contains(stat.value)) {
            // A label that reads on from its value ("day streak", "of recent days active") follows it.
            if let first = stat.label.first, first.isLowercase {
                pieces.append("\(stat.value) \(stat.label)")
            } else {
                pieces.append("\(lowercasesLabels ? stat.label.lowercasedFirst : stat.label) \(stat.value)")
            }
        }
        let kept = pieces.map { Self.withoutClosingMark($0) }.filter { !$0.isEmpty }
        let text =
            catalogue.text("alt." + spec.kind.rawValue) + ": " + kept.joined(separator: catalogue.text("alt.separator"))
        return text.count > maximumLength ? String(text.prefix(maximumLength - 1)) + "…" : text
    }

    /// A piece without its closing `!` or `.`, so pieces join into one sentence.
    private static func withoutClosingMark(_ piece: String) -> String {
        var piece = Substring(piece)
        while let last = piece.last, last == "!" || last == "." || last == "¡" || last.isWhitespace {
            piece = piece.dropLast()
        }
        while let first = piece.first, first == "¡" || first.isWhitespace { piece = piece.dropFirst() }
        return String(piece)
    }
}

extension CardSpec {
    /// Alt text for this card (``CardAltText``): `Achievement card: Night Owl, level 7, unlocked Nov 25, 2026`.
    package var altText: String { CardAltText.text(for: self) }
}

extension String {
    /// The first character lower-cased, unless the second is upper-case too (an acronym: `XP`).
    var lowercasedFirst: String {
        let characters = Array(self.prefix(2))
        if characters.count == 2, characters[1].isUppercase { return self }
        return prefix(1).lowercased() + dropFirst()
    }
}
