/// What a card draws, decided from its kind and fields before any layout: the badge, the hero
/// visual, the headline, the detail line, a strip (calendar, progress bar or chart) and the stats
/// row. Privacy mode is applied here, so no exact value reaches the drawing code.
struct CardFace: Sendable, Hashable {
    enum Hero: Sendable, Hashable {
        /// An emoji in a circle.
        case emoji(String)
        /// A progress ring with a text in its centre.
        case ring(fraction: Double, center: String)
        /// A filled disc with a big text (a level number).
        case disc(String)
        /// A route drawn from its coordinates, its stops marked (and named, unless nil).
        case route(CardRoute)
    }

    enum Strip: Sendable, Hashable {
        /// Days, oldest first: true when done.
        case calendar([Bool])
        /// A bar filled to `fraction`, with a caption above it.
        case bar(fraction: Double, caption: String)
        /// A bar chart: the values, each bar's name, and whether the values are written above
        /// the bars (not on a private card).
        case chart(values: [Double], labels: [String], showsValues: Bool)
    }

    var badge: String
    var hero: Hero
    var headline: String
    var detail: String
    var strip: Strip?
    var stats: [CardFields.Stat]

    init(spec: CardSpec) {
        let c = CardCatalogue.forLanguage(spec.language)
        let n = c.numbers
        let hide = spec.isPrivate
        switch spec.fields {
        case .achievement(let a):
            var badge = c.text("achievement-unlocked")
            if let rarity = a.rarity, !rarity.isEmpty {
                let known = c.entries["rarity." + rarity.lowercased()] != nil
                badge += " · " + (known ? c.text("rarity." + rarity.lowercased()) : rarity.capitalizedFirst)
            }
            self.badge = badge
            hero = .emoji(a.icon)
            headline = a.name
            detail = a.description
            strip = nil
            var stats: [CardFields.Stat] = []
            if !hide, let level = a.level { stats.append(.init(label: c.text("level"), value: n.integer(level))) }
            if !hide, let date = a.unlocked { stats.append(.init(label: c.text("unlocked"), value: c.date(date))) }
            self.stats = stats
        case .levelUp(let l):
            badge = c.text("level-up")
            hero = hide ? .ring(fraction: l.progress, center: "⬆") : .disc(n.integer(l.level))
            headline =
                hide
                ? c.text("level-up") + "!"
                : CardCatalogue.fill(c.text("reached-level"), [("level", n.integer(l.level))])
            detail =
                l.unlocks.isEmpty
                ? "" : CardCatalogue.fill(c.text("new-unlocks"), [("list", l.unlocks.joined(separator: " · "))])
            strip = .bar(
                fraction: l.progress,
                caption: CardCatalogue.fill(c.text("to-next-level"), [("percent", n.percent(l.progress))])
            )
            stats = hide ? [] : [.init(label: c.text("total-xp"), value: n.integer(l.totalXP))]
        case .streak(let st):
            badge = c.text("day-streak")
            hero = .emoji("🔥")
            headline = hide ? c.text("on-a-streak") : c.text("streak-headline", count: st.days)
            // A milestone message names its milestone ("100 days..."), so a private card has none.
            detail = st.message ?? (hide ? nil : Self.milestone(st.days, c)) ?? ""
            strip = st.calendar.isEmpty ? nil : .calendar(st.calendar)
            if hide {
                let done = st.calendar.filter { $0 }.count
                stats =
                    st.calendar.isEmpty
                    ? []
                    : [
                        .init(
                            label: c.text("days-active"),
                            value: n.percent(Double(done) / Double(st.calendar.count))
                        )
                    ]
            } else {
                stats = [.init(label: c.text("streak-label", count: st.days), value: n.integer(st.days))]
                if let total = st.total { stats.append(.init(label: c.text("total"), value: n.integer(total))) }
            }
        case .statistics(let st):
            badge = c.text("statistics")
            let top = st.items.sorted { $0.count > $1.count }.prefix(3)
            let total = st.shownTotal
            hero = .emoji("📊")
            headline = st.period
            detail = hide ? "" : CardCatalogue.fill(c.text("total-line"), [("total", n.integer(total))])
            strip =
                st.chart.isEmpty
                ? nil
                : .chart(
                    values: st.chart,
                    labels: st.chartLabels.count == st.chart.count
                        ? st.chartLabels : st.chart.indices.map { n.integer($0 + 1) },
                    showsValues: !hide
                )
            stats = top.map { item in
                let value = hide ? n.percent(total > 0 ? Double(item.count) / Double(total) : 0) : n.integer(item.count)
                return .init(label: item.name, value: value)
            }
        case .personalRecord(let p):
            badge = c.text("personal-record")
            hero = .emoji("🏆")
            headline = hide ? p.activity : n.value(p.record, unit: p.unit)
            detail = hide ? "" : p.activity + (p.date.map { " · " + c.date($0) } ?? "")
            strip = nil
            var stats: [CardFields.Stat] = []
            if !hide, let previous = p.previous {
                stats.append(.init(label: c.text("previous"), value: n.value(previous, unit: p.unit)))
            }
            if let improvement = p.improvement {
                stats.append(.init(label: c.text("improvement"), value: "+" + n.percent(improvement)))
            }
            self.stats = stats
        case .progress(let p):
            let fraction = p.fraction
            badge = c.text("progress")
            let ofText = CardCatalogue.fill(
                c.text("of"),
                [("current", n.plain(p.current)), ("target", n.plain(p.target))]
            )
            hero = .ring(fraction: min(fraction, 1), center: hide ? n.percent(fraction) : ofText)
            headline = p.title ?? p.unit
            detail = hide ? "" : CardCatalogue.fill(c.text("complete"), [("percent", n.percent(fraction))])
            strip = nil
            stats = hide ? [] : p.stats
        case .challenge(let ch):
            badge = c.text("challenge-complete")
            hero = .emoji(ch.badge)
            headline = ch.name
            detail = hide ? "" : (ch.date.map { c.date($0) } ?? "")
            strip = nil
            stats = hide ? [] : [.init(label: c.text("points", count: ch.points), value: "+" + n.integer(ch.points))]
        case .trip(let t):
            badge = c.text("trip")
            // A private card keeps the route's shape but names no place and gives no value.
            hero = .route(CardRoute(t, namesStops: !hide))
            headline = t.name
            detail = hide ? "" : t.stops.map(\.name).joined(separator: spec.isRightToLeft ? " ← " : " → ")
            strip = nil
            var stats: [CardFields.Stat] = []
            if !hide {
                let distance = t.shownDistance
                stats.append(
                    .init(
                        label: c.text("distance"),
                        value: n.value(
                            distance >= 100 ? distance.rounded() : distance,
                            unit: c.text("unit." + t.unit.rawValue)
                        )
                    )
                )
                if let days = t.days {
                    stats.append(.init(label: c.text("days-label", count: days), value: n.integer(days)))
                }
            }
            self.stats = stats
        }
    }

    /// The parts this face draws, for the layout: a part with nothing in it gets no room.
    var parts: Set<CardLayout.Part> {
        var parts: Set<CardLayout.Part> = [.badge, .hero]
        if !headline.isEmpty { parts.insert(.headline) }
        if !detail.isEmpty { parts.insert(.detail) }
        if strip != nil { parts.insert(.strip) }
        if !stats.isEmpty { parts.insert(.stats) }
        return parts
    }

    /// The message of the largest milestone (7, 30, 100 or 365 days) the streak has reached.
    private static func milestone(_ days: Int, _ c: CardCatalogue) -> String? {
        [7, 30, 100, 365].last { days >= $0 }.map { c.text("milestone.\($0)") }
    }
}

extension String {
    /// The first character upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
