import ShareCards

/// One spec per kind, with every field set, for the rendering tests.
enum SampleSpecs {
    static let branding = CardSpec.Branding(
        appName: "Habitual",
        tagline: "Small steps, every day",
        link: "https://habitual.example/app",
        showsQRCode: true
    )

    static func fields(_ kind: CardKind) -> CardFields {
        switch kind {
        case .achievement:
            .achievement(
                .init(
                    icon: "🦉",
                    name: "Night Owl",
                    description: "Finished a workout after 10 pm, five times.",
                    unlocked: "2026-11-25",
                    rarity: "epic",
                    level: 3
                )
            )
        case .levelUp:
            .levelUp(.init(level: 12, totalXP: 4200, progress: 0.35, unlocks: ["Custom themes", "Weekly goals"]))
        case .streak:
            .streak(.init(days: 30, total: 142, calendar: [true, true, false] + Array(repeating: true, count: 11)))
        case .statistics:
            .statistics(
                .init(
                    period: "November",
                    items: [
                        .init(name: "Running", count: 12), .init(name: "Yoga", count: 8),
                        .init(name: "Swimming", count: 5),
                    ],
                    total: 25,
                    chart: [3, 5, 2, 8, 6, 4, 7],
                    chartLabels: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
                )
            )
        case .personalRecord:
            .personalRecord(.init(activity: "Deadlift", record: 142.5, previous: 135, unit: "kg", date: "2026-11-25"))
        case .progress:
            .progress(
                .init(
                    current: 18,
                    target: 30,
                    unit: "days",
                    title: "Meditation month",
                    stats: [.init(label: "Minutes", value: "270"), .init(label: "Best streak", value: "9")]
                )
            )
        case .challenge:
            .challenge(.init(badge: "🏅", name: "30-day plank", date: "2026-11-25", points: 500))
        case .trip:
            .trip(
                .init(
                    name: "Coast road north",
                    route: tripRoute.map { .init(latitude: $0.0, longitude: $0.1) },
                    stops: [
                        .init(name: "Lisbon", coordinate: .init(latitude: 38.7223, longitude: -9.1393)),
                        .init(name: "Nazaré", coordinate: .init(latitude: 39.6012, longitude: -9.0700)),
                        .init(name: "Coimbra", coordinate: .init(latitude: 40.2033, longitude: -8.4103)),
                        .init(name: "Porto", coordinate: .init(latitude: 41.1579, longitude: -8.6291)),
                    ],
                    days: 4
                )
            )
        }
    }

    /// Lisbon to Porto by the coast and Coimbra, as [latitude, longitude].
    static let tripRoute: [(Double, Double)] = [
        (38.7223, -9.1393), (38.8029, -9.3817), (38.9631, -9.4153), (39.3558, -9.3811), (39.6012, -9.0700),
        (40.1508, -8.8618), (40.2033, -8.4103), (40.6405, -8.6538), (41.1579, -8.6291),
    ]

    static func spec(
        _ kind: CardKind,
        theme: CardTheme = .dark,
        size: CardSize = .story,
        language: String = "en"
    )
        -> CardSpec
    {
        CardSpec(fields: fields(kind), language: language, theme: theme, size: size, branding: branding)
    }
}
