import Testing

@testable import ShareCards

/// Alt text written from a card's spec: what the card shows, in its language, never a file name,
/// and on a private card no exact value.
struct AltTextTests {
    @Test func describesAnAchievementAsTheIssueAsks() {
        let spec = CardSpec(
            fields: .achievement(
                .init(icon: "🦉", name: "Night Owl", description: "", unlocked: "2026-11-25", level: 7)
            ),
            branding: SampleSpecs.branding
        )
        // The date as the language writes it (issue 28); it was "unlocked 2026-11-25".
        #expect(spec.altText == "Achievement card: Night Owl, level 7, unlocked Nov 25, 2026")
    }

    static let english: [CardKind: String] = [
        .achievement:
            "Achievement card: Night Owl (epic), Finished a workout after 10 pm, five times, level 3, unlocked Nov 25, 2026",
        .levelUp:
            "Level-up card: Level 12 reached, New: Custom themes · Weekly goals, 35% to next level, total XP 4,200",
        .streak: "Streak card: 30 day streak, A whole month. Unstoppable, 13 of the last 14 days done, total 142",
        .statistics: "Statistics card: November, Total: 25, running 12, yoga 8, swimming 5",
        .personalRecord: "Personal record card: 142.5 kg, Deadlift · Nov 25, 2026, previous 135 kg, improvement +6%",
        .progress: "Progress card: Meditation month, 18 of 30, 60% complete, minutes 270, best streak 9",
        .challenge: "Challenge card: 30-day plank, Nov 25, 2026, points +500",
        .trip: "Trip card: Coast road north, Lisbon → Nazaré → Coimbra → Porto, distance 336 km, 4 days",
    ]

    @Test(arguments: CardKind.allCases)
    func describesEveryKindFromItsFields(kind: CardKind) {
        let spec = SampleSpecs.spec(kind)
        #expect(spec.altText == Self.english[kind])
        #expect(!spec.altText.contains(".png") && !spec.altText.contains("card.png"))
    }

    @Test(arguments: CardKind.allCases)
    func aPrivateCardsAltTextHasNoExactValue(kind: CardKind) {
        var spec = SampleSpecs.spec(kind)
        if case .achievement(var achievement) = spec.fields {
            achievement.description = "Finished a late workout, five times."
            spec.fields = .achievement(achievement)
        }
        if case .challenge(var challenge) = spec.fields {
            challenge.name = "Plank month"
            spec.fields = .challenge(challenge)
        }
        spec.isPrivate = true
        #expect(PrivacyTests.exactNumbers(in: spec.altText).isEmpty, "\(kind): \(spec.altText)")
        spec.isPrivate = false
        #expect(!PrivacyTests.exactNumbers(in: spec.altText).isEmpty, "the check can see numbers")
    }

    @Test func speaksTheCardsLanguage() {
        #expect(SampleSpecs.spec(.streak, language: "es").altText.hasPrefix("Tarjeta de racha: 30 días de racha"))
        let arabic = SampleSpecs.spec(.challenge, language: "ar-EG").altText
        #expect(arabic.hasPrefix("بطاقة تحدٍّ: 30-day plank، ٢٥ نوفمبر ٢٠٢٦، نقطة +٥٠٠"), "\(arabic)")
        // Japanese has its own words since issue 28 (it was "Progress card: ").
        #expect(SampleSpecs.spec(.progress, language: "ja").altText.hasPrefix("進捗カード: "))
    }

    @Test func capsALongAltText() {
        var spec = SampleSpecs.spec(.achievement)
        spec.fields = .achievement(.init(icon: "🦉", name: String(repeating: "Owl ", count: 250), description: "x"))
        #expect(spec.altText.count == CardAltText.maximumLength)
        #expect(spec.altText.hasSuffix("…"))
    }
}
