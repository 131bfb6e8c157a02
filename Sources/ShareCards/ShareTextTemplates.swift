/// The share text that goes with a card: the kind's template in the spec's language with its
/// placeholders filled.
///
/// Placeholders: `{app}`, `{link}`, `{name}` (the achievement's or challenge's name, the
/// activity), `{days}`, `{total}`, `{level}`, `{xp}`, `{period}`, `{record}`, `{previous}`,
/// `{current}`, `{target}`, `{unit}`, `{points}`, `{percent}`. Private cards use templates
/// without exact values. Templates exist in English, Spanish and Arabic; other languages use
/// English unless the spec gives its own (`shareText`).
package enum ShareTextTemplates {
    /// The template for a kind in a language (the seeds' English templates are the defaults).
    package static func template(for kind: CardKind, language: String, isPrivate: Bool) -> String {
        let primary = LanguageTag.primary(language)
        let table = isPrivate ? privateTemplates : templates
        return table[primary]?[kind] ?? table["en"]![kind]!
    }

    /// The spec's share text: its own template or the kind's, filled in.
    package static func text(for spec: CardSpec) -> String {
        let template = spec.shareText ?? template(for: spec.kind, language: spec.language, isPrivate: spec.isPrivate)
        var text = template
        for (name, value) in values(of: spec) {
            text = text.replacingAll("{\(name)}", with: value)
        }
        return text
    }

    static func values(of spec: CardSpec) -> [(String, String)] {
        var values: [(String, String)] = [("app", spec.branding.appName), ("link", spec.branding.link ?? "")]
        let hide = spec.isPrivate
        func exact(_ text: String) -> String { hide ? "" : text }
        switch spec.fields {
        case .achievement(let a):
            values += [("name", a.name), ("level", exact(a.level.map(String.init) ?? ""))]
        case .levelUp(let l):
            values += [
                ("level", exact(String(l.level))), ("xp", exact(String(l.totalXP))),
                ("percent", CardNumbers.percent(l.progress)),
            ]
        case .streak(let s):
            values += [("days", exact(String(s.days))), ("total", exact(s.total.map(String.init) ?? ""))]
        case .statistics(let s):
            values += [
                ("period", s.period), ("total", exact(String(s.shownTotal))), ("name", s.items.first?.name ?? ""),
            ]
        case .personalRecord(let p):
            values += [
                ("name", p.activity), ("record", exact(CardNumbers.value(p.record, unit: p.unit))),
                ("previous", exact(p.previous.map { CardNumbers.value($0, unit: p.unit) } ?? "")),
                ("percent", p.improvement.map { CardNumbers.percent($0) } ?? ""),
            ]
        case .progress(let p):
            values += [
                ("current", exact(CardNumbers.plain(p.current))), ("target", exact(CardNumbers.plain(p.target))),
                ("unit", p.unit), ("name", p.title ?? p.unit), ("percent", CardNumbers.percent(p.fraction)),
            ]
        case .challenge(let c):
            values += [("name", c.name), ("points", exact(String(c.points)))]
        }
        return values
    }

    private static let templates: [String: [CardKind: String]] = [
        "en": [
            .achievement: "I unlocked \"{name}\" in {app}! 🏆",
            .levelUp: "Level {level} reached in {app}! ⬆️ {xp} XP and counting.",
            .streak: "{days} day streak in {app}! 🔥 Consistency is everything.",
            .statistics: "My {period} in {app}: {total} in total, most of all {name}. 📊",
            .personalRecord: "New personal record: {name}, {record}! 💪",
            .progress: "{current} of {target} {unit} done in {app}. 🎯 {percent} there!",
            .challenge: "Challenge complete: {name}! 🏅 +{points} points in {app}.",
        ],
        "es": [
            .achievement: "¡Desbloqueé \"{name}\" en {app}! 🏆",
            .levelUp: "¡Nivel {level} alcanzado en {app}! ⬆️ {xp} XP y sumando.",
            .streak: "¡Racha de {days} días en {app}! 🔥 La constancia lo es todo.",
            .statistics: "Mi {period} en {app}: {total} en total, sobre todo {name}. 📊",
            .personalRecord: "¡Nuevo récord personal: {name}, {record}! 💪",
            .progress: "{current} de {target} {unit} hechos en {app}. 🎯 ¡Ya voy por el {percent}!",
            .challenge: "¡Reto completado: {name}! 🏅 +{points} puntos en {app}.",
        ],
        "ar": [
            .achievement: "فتحت إنجاز \"{name}\" في {app}! 🏆",
            .levelUp: "وصلت إلى المستوى {level} في {app}! ⬆️ {xp} نقطة خبرة حتى الآن.",
            .streak: "{days} يومًا متتاليًا في {app}! 🔥 المثابرة هي كل شيء.",
            .statistics: "{period} في {app}: {total} إجمالًا، وأكثرها {name}. 📊",
            .personalRecord: "رقم قياسي شخصي جديد: {name}، {record}! 💪",
            .progress: "أنجزت {current} من {target} {unit} في {app}. 🎯 {percent} من الطريق!",
            .challenge: "اكتمل التحدي: {name}! 🏅 +{points} نقطة في {app}.",
        ],
    ]

    private static let privateTemplates: [String: [CardKind: String]] = [
        "en": [
            .achievement: "I unlocked \"{name}\" in {app}! 🏆",
            .levelUp: "Leveled up in {app}! ⬆️",
            .streak: "On a streak in {app}! 🔥 Consistency is everything.",
            .statistics: "My {period} in {app}, most of all {name}. 📊",
            .personalRecord: "New personal record: {name}! 💪",
            .progress: "{percent} of the way in {app}. 🎯",
            .challenge: "Challenge complete: {name}! 🏅",
        ],
        "es": [
            .achievement: "¡Desbloqueé \"{name}\" en {app}! 🏆",
            .levelUp: "¡Subí de nivel en {app}! ⬆️",
            .streak: "¡En racha en {app}! 🔥 La constancia lo es todo.",
            .statistics: "Mi {period} en {app}, sobre todo {name}. 📊",
            .personalRecord: "¡Nuevo récord personal: {name}! 💪",
            .progress: "Ya voy por el {percent} en {app}. 🎯",
            .challenge: "¡Reto completado: {name}! 🏅",
        ],
        "ar": [
            .achievement: "فتحت إنجاز \"{name}\" في {app}! 🏆",
            .levelUp: "ارتقيت إلى مستوى جديد في {app}! ⬆️",
            .streak: "سلسلة مستمرة في {app}! 🔥 المثابرة هي كل شيء.",
            .statistics: "{period} في {app}، وأكثرها {name}. 📊",
            .personalRecord: "رقم قياسي شخصي جديد: {name}! 💪",
            .progress: "{percent} من الطريق في {app}. 🎯",
            .challenge: "اكتمل التحدي: {name}! 🏅",
        ],
    ]
}

extension String {
    /// Every occurrence of `target` replaced (FoundationEssentials-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
