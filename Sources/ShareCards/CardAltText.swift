/// Alt text for a card, written from its spec: what the image shows, in the card's language
/// (English, Spanish or Arabic; English words for others), never a file name.
///
/// It reads the same ``CardFace`` the drawing does, so it says what is drawn and nothing more:
/// a private card's alt text has no exact value either. For example
/// `Achievement card: Night Owl, level 7, unlocked 2026-11-25`.
package enum CardAltText {
    /// The longest alt text written, in characters; a longer one ends in `…`.
    package static let maximumLength = 1000

    /// The alt text of `spec`'s card.
    package static func text(for spec: CardSpec) -> String {
        let face = CardFace(spec: spec)
        let words = Words.forLanguage(spec.language)
        var pieces: [String] = [face.headline]
        if case .achievement(let achievement) = spec.fields, let rarity = achievement.rarity, !rarity.isEmpty {
            pieces[0] += " (\(rarity))"
        }
        if case .ring(_, let center) = face.hero, center.contains(where: \.isNumber) {
            pieces.append(center)
        }
        pieces.append(face.detail)
        switch face.strip {
        case .bar(_, let caption): pieces.append(caption)
        case .calendar(let days) where !spec.isPrivate:
            pieces.append(
                words.calendar.replacingAll("{done}", with: String(days.filter { $0 }.count))
                    .replacingAll("{count}", with: String(days.count))
            )
        case .calendar, .chart, nil: break
        }
        for stat in face.stats where !(face.headline.contains(stat.label) && face.headline.contains(stat.value)) {
            // A label that reads on from its value ("day streak", "of recent days active") follows it.
            if let first = stat.label.first, first.isLowercase {
                pieces.append("\(stat.value) \(stat.label)")
            } else {
                pieces.append("\(words.lowercasesLabels ? stat.label.lowercasedFirst : stat.label) \(stat.value)")
            }
        }
        let kept = pieces.map { Self.withoutClosingMark($0) }.filter { !$0.isEmpty }
        let text = words.kind(spec.kind) + ": " + kept.joined(separator: words.separator)
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

    /// The words alt text adds around the card's own.
    private struct Words {
        var kinds: [CardKind: String]
        var calendar: String
        var separator: String
        var lowercasesLabels: Bool

        func kind(_ kind: CardKind) -> String { kinds[kind] ?? Words.english.kinds[kind]! }

        static func forLanguage(_ language: String) -> Words {
            switch LanguageTag.primary(language) {
            case "es": spanish
            case "ar": arabic
            default: english
            }
        }

        static let english = Words(
            kinds: [
                .achievement: "Achievement card", .levelUp: "Level-up card", .streak: "Streak card",
                .statistics: "Statistics card", .personalRecord: "Personal record card", .progress: "Progress card",
                .challenge: "Challenge card",
            ],
            calendar: "{done} of the last {count} days done",
            separator: ", ",
            lowercasesLabels: true
        )

        static let spanish = Words(
            kinds: [
                .achievement: "Tarjeta de logro", .levelUp: "Tarjeta de subida de nivel", .streak: "Tarjeta de racha",
                .statistics: "Tarjeta de estadísticas", .personalRecord: "Tarjeta de récord personal",
                .progress: "Tarjeta de progreso", .challenge: "Tarjeta de reto",
            ],
            calendar: "{done} de los últimos {count} días hechos",
            separator: ", ",
            lowercasesLabels: true
        )

        static let arabic = Words(
            kinds: [
                .achievement: "بطاقة إنجاز", .levelUp: "بطاقة مستوى جديد", .streak: "بطاقة سلسلة أيام",
                .statistics: "بطاقة إحصاءات", .personalRecord: "بطاقة رقم قياسي شخصي", .progress: "بطاقة تقدم",
                .challenge: "بطاقة تحدٍّ",
            ],
            calendar: "{done} من آخر {count} يومًا",
            separator: "، ",
            lowercasesLabels: false
        )
    }
}

extension CardSpec {
    /// Alt text for this card (``CardAltText``): `Achievement card: Night Owl, level 7, unlocked 2026-11-25`.
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
