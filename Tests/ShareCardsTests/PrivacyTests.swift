import ShareCards
import Testing

/// Private cards show percentages and relative progress only: no exact value in the text layer
/// or the share text.
struct PrivacyTests {
    /// Every run of digits in `text` that is not a percentage.
    static func exactNumbers(in text: String) -> [String] {
        var numbers: [String] = []
        var current = ""
        for character in text + " " {
            if character.isNumber {
                current.append(character)
            } else {
                if !current.isEmpty && character != "%" { numbers.append(current) }
                current = ""
            }
        }
        return numbers
    }

    @Test(arguments: CardKind.allCases)
    func noExactNumberOnAPrivateCard(kind: CardKind) throws {
        var spec = SampleSpecs.spec(kind, size: .landscape)
        if case .achievement(var achievement) = spec.fields {
            achievement.description = "Finished a late workout, five times."
            spec.fields = .achievement(achievement)
        }
        if case .challenge(var challenge) = spec.fields {
            challenge.name = "Plank month"  // a name with digits is the user's text, not a hidden value
            spec.fields = .challenge(challenge)
        }
        spec.isPrivate = true
        let card = try CardRenderer().render(spec)
        for placed in card.texts {
            #expect(Self.exactNumbers(in: placed.text).isEmpty, "\(kind): \(placed.role) shows '\(placed.text)'")
        }
        #expect(Self.exactNumbers(in: ShareTextTemplates.text(for: spec)).isEmpty)
        spec.isPrivate = false
        let open = try CardRenderer().render(spec)
        #expect(!open.texts.flatMap { Self.exactNumbers(in: $0.text) }.isEmpty, "the check can see numbers")
    }

    /// The milestone messages name their milestone ("100 days. Legendary consistency!").
    @Test(arguments: [7, 30, 100, 365])
    func aPrivateStreakShowsNoMilestoneNumber(days: Int) throws {
        var spec = SampleSpecs.spec(.streak)
        spec.fields = .streak(.init(days: days, total: days + 3, calendar: [true, false, true]))
        spec.isPrivate = true
        let card = try CardRenderer().render(spec)
        #expect(card.texts.allSatisfy { Self.exactNumbers(in: $0.text).isEmpty }, "\(card.texts.map(\.text))")
    }
}
