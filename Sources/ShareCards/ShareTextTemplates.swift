/// The share text that goes with a card: the kind's template in the spec's language with its
/// placeholders filled.
///
/// Placeholders: `{app}`, `{link}`, `{name}` (the achievement's, challenge's or trip's name, the
/// activity), `{days}`, `{total}`, `{level}`, `{xp}`, `{period}`, `{record}`, `{previous}`,
/// `{current}`, `{target}`, `{unit}`, `{points}`, `{percent}`, `{distance}`. Private cards use
/// templates without exact values. The templates are the catalogues' `share.<kind>` and
/// `private.<kind>` entries (``CardCatalogue``), in the plural form of the streak's days, the
/// challenge's points and a trip's days (`share.trip.days`, for a trip that gives its days); numbers are written as the language writes them. A spec may give its
/// own template (`shareText`).
package enum ShareTextTemplates {
    /// The template for a kind in a language (its `other` plural form).
    package static func template(for kind: CardKind, language: String, isPrivate: Bool) -> String {
        CardCatalogue.forLanguage(language).text(key(kind, isPrivate: isPrivate))
    }

    /// The spec's share text: its own template or the kind's, filled in.
    package static func text(for spec: CardSpec) -> String {
        let catalogue = CardCatalogue.forLanguage(spec.language)
        let key = key(spec.kind, isPrivate: spec.isPrivate)
        let template: String
        if let own = spec.shareText {
            template = own
        } else {
            switch spec.fields {
            case .streak(let streak) where !spec.isPrivate: template = catalogue.text(key, count: streak.days)
            case .challenge(let challenge) where !spec.isPrivate:
                template = catalogue.text(key, count: challenge.points)
            case .trip(let trip) where !spec.isPrivate && trip.days != nil:
                template = catalogue.text(key + ".days", count: trip.days ?? 0)
            default: template = catalogue.text(key)
            }
        }
        return CardCatalogue.fill(template, values(of: spec, catalogue.numbers))
    }

    private static func key(_ kind: CardKind, isPrivate: Bool) -> String {
        (isPrivate ? "private." : "share.") + kind.rawValue
    }

    static func values(of spec: CardSpec, _ n: CardNumberStyle) -> [(String, String)] {
        var values: [(String, String)] = [("app", spec.branding.appName), ("link", spec.branding.link ?? "")]
        let hide = spec.isPrivate
        func exact(_ text: String) -> String { hide ? "" : text }
        switch spec.fields {
        case .achievement(let a):
            values += [("name", a.name), ("level", exact(a.level.map(n.integer) ?? ""))]
        case .levelUp(let l):
            values += [
                ("level", exact(n.integer(l.level))), ("xp", exact(n.integer(l.totalXP))),
                ("percent", n.percent(l.progress)),
            ]
        case .streak(let s):
            values += [("days", exact(n.integer(s.days))), ("total", exact(s.total.map(n.integer) ?? ""))]
        case .statistics(let s):
            values += [
                ("period", s.period), ("total", exact(n.integer(s.shownTotal))), ("name", s.items.first?.name ?? ""),
            ]
        case .personalRecord(let p):
            values += [
                ("name", p.activity), ("record", exact(n.value(p.record, unit: p.unit))),
                ("previous", exact(p.previous.map { n.value($0, unit: p.unit) } ?? "")),
                ("percent", p.improvement.map { n.percent($0) } ?? ""),
            ]
        case .progress(let p):
            values += [
                ("current", exact(n.plain(p.current))), ("target", exact(n.plain(p.target))),
                ("unit", p.unit), ("name", p.title ?? p.unit), ("percent", n.percent(p.fraction)),
            ]
        case .challenge(let c):
            values += [("name", c.name), ("points", exact(n.integer(c.points)))]
        case .trip(let t):
            let distance = t.shownDistance
            let unit = CardCatalogue.forLanguage(spec.language).text("unit." + t.unit.rawValue)
            values += [
                ("name", t.name),
                ("distance", exact(n.value(distance >= 100 ? distance.rounded() : distance, unit: unit))),
                ("days", exact(t.days.map(n.integer) ?? "")),
            ]
        }
        return values
    }
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
