import ShareCards
import Testing

/// The kinds' share-text templates, filled in, in English, Spanish and Arabic.
struct ShareTextTests {
    @Test func theSeedsStreakTemplateIsTheDefault() {
        let spec = SampleSpecs.spec(.streak)
        #expect(ShareTextTemplates.text(for: spec) == "30 day streak in Habitual! 🔥 Consistency is everything.")
    }

    @Test(arguments: [
        ("es", "¡Racha de 30 días en Habitual! 🔥 La constancia lo es todo."),
        // Arabic digits and German templates since issue 28.
        ("ar", "٣٠ يومًا متتاليًا في Habitual! 🔥 المثابرة هي كل شيء."),
        ("de", "30 Tage in Folge in Habitual! 🔥 Dranbleiben ist alles."),
        ("fr", "30 jours d’affilée dans Habitual ! 🔥 La régularité avant tout."),
        ("ja", "Habitualで30日連続！🔥 継続は力なり。"),
    ])
    func templatesFollowTheLanguage(language: String, expected: String) {
        #expect(ShareTextTemplates.text(for: SampleSpecs.spec(.streak, language: language)) == expected)
    }

    @Test(arguments: CardKind.allCases)
    func everyKindHasAFilledTemplateInEachLanguage(kind: CardKind) {
        for language in CardCatalogue.languages {
            let text = ShareTextTemplates.text(for: SampleSpecs.spec(kind, language: language))
            #expect(!text.contains("{"), "\(kind) in \(language): \(text)")
            #expect(!text.isEmpty)
        }
    }

    @Test func progressPastTheTargetSaysHowFarPast() {
        var spec = SampleSpecs.spec(.progress)
        spec.fields = .progress(.init(current: 40, target: 30, unit: "km"))
        #expect(ShareTextTemplates.text(for: spec).contains("133%"), "\(ShareTextTemplates.text(for: spec))")
    }

    @Test func numbersNoSpecCanHoldStillFillTheTemplate() {
        // A caller's own fields are not checked as a spec's are: the text must still come out.
        var spec = SampleSpecs.spec(.progress)
        spec.fields = .progress(.init(current: 3e102, target: 1e-300, unit: "steps"))
        let progress = ShareTextTemplates.text(for: spec)
        #expect(progress.contains("3e+102") && progress.contains("1,000,000%"), "\(progress)")
        spec.fields = .personalRecord(.init(activity: "Lift", record: .infinity, previous: 1))
        #expect(ShareTextTemplates.text(for: spec).contains("inf"))
        spec.fields = .personalRecord(.init(activity: "Lift", record: .nan, previous: -1e300))
        #expect(!ShareTextTemplates.text(for: spec).isEmpty)
    }

    @Test func aSpecsOwnTemplateWins() {
        var spec = SampleSpecs.spec(.streak)
        spec.shareText = "{days} days! {link}"
        #expect(ShareTextTemplates.text(for: spec) == "30 days! https://habitual.example/app")
    }
}
