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
        let s = CardStrings.forLanguage(spec.language)
        let hide = spec.isPrivate
        switch spec.fields {
        case .achievement(let a):
            var badge = s.achievementUnlocked
            if let rarity = a.rarity, !rarity.isEmpty { badge += " · " + rarity.capitalizedFirst }
            self.badge = badge
            hero = .emoji(a.icon)
            headline = a.name
            detail = a.description
            strip = nil
            var stats: [CardFields.Stat] = []
            if !hide, let level = a.level { stats.append(.init(label: s.level, value: String(level))) }
            if !hide, let date = a.unlocked { stats.append(.init(label: s.unlocked, value: date)) }
            self.stats = stats
        case .levelUp(let l):
            badge = s.levelUp
            hero = hide ? .ring(fraction: l.progress, center: "⬆") : .disc(String(l.level))
            headline = hide ? s.levelUp + "!" : s.reachedLevel.replacingAll("{level}", with: String(l.level))
            detail = l.unlocks.isEmpty ? "" : s.newUnlocks + ": " + l.unlocks.joined(separator: " · ")
            strip = .bar(fraction: l.progress, caption: CardNumbers.percent(l.progress) + " " + s.toNextLevel)
            stats = hide ? [] : [.init(label: s.xp, value: String(l.totalXP))]
        case .streak(let st):
            badge = s.dayStreak.capitalizedFirst
            hero = .emoji("🔥")
            headline = hide ? s.onAStreak : "\(st.days) \(s.dayStreak)"
            // A milestone message names its milestone ("100 days..."), so a private card has none.
            detail = st.message ?? (hide ? nil : Self.milestone(st.days, s)) ?? ""
            strip = st.calendar.isEmpty ? nil : .calendar(st.calendar)
            if hide {
                let done = st.calendar.filter { $0 }.count
                stats =
                    st.calendar.isEmpty
                    ? []
                    : [.init(label: s.daysActive, value: CardNumbers.percent(Double(done) / Double(st.calendar.count)))]
            } else {
                stats = [.init(label: s.dayStreak, value: String(st.days))]
                if let total = st.total { stats.append(.init(label: s.total, value: String(total))) }
            }
        case .statistics(let st):
            badge = s.statistics
            let top = st.items.sorted { $0.count > $1.count }.prefix(3)
            let total = st.shownTotal
            hero = .emoji("📊")
            headline = st.period
            detail = hide ? "" : "\(s.total): \(total)"
            strip =
                st.chart.isEmpty
                ? nil
                : .chart(
                    values: st.chart,
                    labels: st.chartLabels.count == st.chart.count
                        ? st.chartLabels : st.chart.indices.map { String($0 + 1) },
                    showsValues: !hide
                )
            stats = top.map { item in
                let value =
                    hide ? CardNumbers.percent(total > 0 ? Double(item.count) / Double(total) : 0) : String(item.count)
                return .init(label: item.name, value: value)
            }
        case .personalRecord(let p):
            badge = s.personalRecord
            hero = .emoji("🏆")
            headline = hide ? p.activity : CardNumbers.value(p.record, unit: p.unit)
            detail = hide ? "" : p.activity + (p.date.map { " · " + $0 } ?? "")
            strip = nil
            var stats: [CardFields.Stat] = []
            if !hide, let previous = p.previous {
                stats.append(.init(label: s.previous, value: CardNumbers.value(previous, unit: p.unit)))
            }
            if let improvement = p.improvement {
                stats.append(.init(label: s.improvement, value: "+" + CardNumbers.percent(improvement)))
            }
            self.stats = stats
        case .progress(let p):
            let fraction = p.fraction
            badge = s.progress
            let ofText = s.of.replacingAll("{current}", with: CardNumbers.plain(p.current))
                .replacingAll("{target}", with: CardNumbers.plain(p.target))
            hero = .ring(fraction: min(fraction, 1), center: hide ? CardNumbers.percent(fraction) : ofText)
            headline = p.title ?? p.unit
            detail = hide ? "" : CardNumbers.percent(fraction) + " " + s.complete
            strip = nil
            stats = hide ? [] : p.stats
        case .challenge(let c):
            badge = s.challengeComplete
            hero = .emoji(c.badge)
            headline = c.name
            detail = hide ? "" : (c.date ?? "")
            strip = nil
            stats = hide ? [] : [.init(label: s.points, value: "+\(c.points)")]
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

    private static func milestone(_ days: Int, _ s: CardStrings) -> String? {
        s.milestones.keys.sorted().last { days >= $0 }.flatMap { s.milestones[$0] }
    }
}

extension String {
    /// The first character upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
