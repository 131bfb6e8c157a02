/// Reads a card spec from JSON (`schemas/card-v1.schema.json`).
///
/// Every problem is a ``CardError`` naming the JSON path and the rule, such as
/// `$.fields.days must be a whole number, not a string; write it like "days": 30`.
package enum CardSpecParser {
    /// The largest spec file read, in bytes.
    package static let maximumBytes = 1 << 20

    /// Parses a spec.
    ///
    /// - Throws: ``CardError`` (`invalidJSON` or `invalidSpec`).
    package static func parse(_ bytes: [UInt8]) throws(CardError) -> CardSpec {
        guard bytes.count <= maximumBytes else {
            throw CardError(.invalidSpec, "is \(bytes.count) bytes; a card spec is at most \(maximumBytes) bytes")
        }
        var root = try SpecReader(try JSONValue.parse(bytes), path: "$")
        if let version = try root.optionalInteger("version", example: "1"), version != 1 {
            throw CardError(
                .invalidSpec,
                "$.version is \(version); this sharevia reads version 1 specs",
                path: "$.version",
                schemaShowsTheFix: true
            )
        }
        let kindName = try root.string("kind", example: "\"streak\"")
        guard let kind = CardKind(rawValue: kindName) else {
            throw CardError(
                .invalidSpec,
                "$.kind '\(kindName)' is not a card kind; use one of: "
                    + CardKind.allCases.map(\.rawValue).joined(separator: ", "),
                path: "$.kind"
            )
        }
        guard let fieldsValue = root.value("fields") else {
            throw CardError(
                .invalidSpec,
                "$.fields is missing; add the \(kind.rawValue) card's fields",
                path: "$.fields",
                schemaShowsTheFix: true
            )
        }
        let fields = try parseFields(kind, fieldsValue)
        let language = try root.optionalString("language", example: "\"en\"") ?? "en"
        guard !language.isEmpty, language.count <= 35,
            language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw CardError(
                .invalidSpec,
                "$.language '\(language)' is not a language tag; write it like \"en\", \"es\", \"ar\" or \"zh-Hant\"",
                path: "$.language"
            )
        }
        let theme = try parseTheme(root.value("theme"))
        var size = CardSize.story
        if let text = try root.optionalString("size", example: "\"story\"") {
            do throws(CardError) {
                size = try CardSize(parsing: text)
            } catch {
                throw CardError(.invalidSpec, "$.size: \(error.message)", path: "$.size")
            }
        }
        let isPrivate = try root.optionalBool("private") ?? false
        let branding = try parseBranding(root.value("app"))
        let hashtags = try root.strings("hashtags").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        for (index, tag) in hashtags.enumerated()
        where tag.isEmpty || !tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            throw CardError(
                .invalidSpec,
                "$.hashtags[\(index)] '\(tag)' must be letters, digits and '_' only, such as \"streak\"",
                path: "$.hashtags[\(index)]"
            )
        }
        let shareText = try root.optionalString("shareText")
        try root.finish(known: [
            "version", "kind", "fields", "language", "theme", "size", "private", "app", "hashtags", "shareText",
        ])
        return CardSpec(
            fields: fields,
            language: language,
            theme: theme,
            size: size,
            isPrivate: isPrivate,
            branding: branding,
            hashtags: hashtags,
            shareText: shareText
        )
    }

    private static func parseTheme(_ value: JSONValue?) throws(CardError) -> CardTheme {
        guard let value else { return .dark }
        if case .string(let name) = value {
            guard let theme = CardTheme.named(name) else {
                throw CardError(
                    .invalidSpec,
                    "$.theme '\(name)' is not a theme; use one of: "
                        + CardTheme.presets.map(\.name).joined(separator: ", ") + ", or an object of colours",
                    path: "$.theme"
                )
            }
            return theme
        }
        var reader = try SpecReader(value, path: "$.theme")
        let base =
            try reader.optionalString("base", example: "\"dark\"").map { name throws(CardError) in
                guard let theme = CardTheme.named(name) else {
                    throw CardError(
                        .invalidSpec,
                        "$.theme.base '\(name)' is not a theme; use one of: "
                            + CardTheme.presets.map(\.name).joined(separator: ", "),
                        path: "$.theme.base"
                    )
                }
                return theme
            } ?? .dark
        func color(_ key: String, _ fallback: CardColor) throws(CardError) -> CardColor {
            guard let text = try reader.optionalString(key, example: "\"#1A1A2E\"") else { return fallback }
            guard let color = CardColor(hex: text) else {
                throw CardError(
                    .invalidSpec,
                    "$.theme.\(key) '\(text)' is not a colour; write it as #RRGGBB, such as \"#FF6B35\"",
                    path: "$.theme.\(key)"
                )
            }
            return color
        }
        /// A background colour: opaque, as a card has nothing behind it to show through.
        func backgroundColor(_ key: String, _ fallback: CardColor) throws(CardError) -> CardColor {
            let color = try color(key, fallback)
            guard color.alpha == 255 else {
                throw CardError(
                    .invalidSpec,
                    "$.theme.\(key) '\(color)' is see-through, but nothing lies behind a card; write it as #RRGGBB",
                    path: "$.theme.\(key)"
                )
            }
            return color
        }
        let theme = CardTheme(
            name: "custom",
            top: try backgroundColor("top", base.top),
            bottom: try backgroundColor("bottom", base.bottom),
            accent: try color("accent", base.accent),
            text: try color("text", base.text)
        )
        try reader.finish(known: ["base", "top", "bottom", "accent", "text"])
        return theme
    }

    private static func parseBranding(_ value: JSONValue?) throws(CardError) -> CardSpec.Branding {
        guard let value else {
            throw CardError(
                .invalidSpec,
                "$.app is missing; add the footer, such as \"app\": {\"name\": \"Habitual\"}",
                path: "$.app"
            )
        }
        var reader = try SpecReader(value, path: "$.app")
        let name = try reader.string("name", example: "\"Habitual\"")
        let tagline = try reader.optionalString("tagline")
        let link = try reader.optionalString("link", example: "\"https://example.com\"")
        if let link, !(link.hasPrefix("https://") || link.hasPrefix("http://")) || link.contains(" ") {
            throw CardError(
                .invalidSpec,
                "$.app.link '\(link)' is not an http or https URL; write it like \"https://example.com/app\"",
                path: "$.app.link"
            )
        }
        let qr = try reader.optionalBool("qr") ?? false
        if qr && link == nil {
            throw CardError(
                .invalidSpec,
                "$.app.qr is true but there is no $.app.link to encode; add one",
                path: "$.app.qr"
            )
        }
        try reader.finish(known: ["name", "tagline", "link", "qr"])
        return CardSpec.Branding(appName: name, tagline: tagline, link: link, showsQRCode: qr)
    }

    private static func parseFields(_ kind: CardKind, _ value: JSONValue) throws(CardError) -> CardFields {
        var r = try SpecReader(value, path: "$.fields")
        let fields: CardFields
        let known: [String]
        switch kind {
        case .achievement:
            known = ["icon", "name", "description", "unlocked", "rarity", "level"]
            fields = .achievement(
                .init(
                    icon: try r.string("icon", example: "\"🏆\""),
                    name: try r.string("name", example: "\"Early Bird\""),
                    description: try r.optionalString("description") ?? "",
                    unlocked: try r.optionalString("unlocked", example: "\"2026-11-25\""),
                    rarity: try r.optionalString("rarity", example: "\"epic\""),
                    level: try r.optionalInteger("level", example: "3")
                )
            )
        case .levelUp:
            known = ["level", "totalXP", "progress", "unlocks"]
            let level = try r.integer("level", example: "12")
            let xp = try r.integer("totalXP", example: "4200")
            let progress = try r.optionalNumber("progress", example: "0.35") ?? 0
            guard (0...1).contains(progress) else {
                throw CardError(
                    .invalidSpec,
                    "$.fields.progress is \(progress); it is a fraction from 0 to 1, such as 0.35",
                    path: "$.fields.progress"
                )
            }
            fields = .levelUp(.init(level: level, totalXP: xp, progress: progress, unlocks: try r.strings("unlocks")))
        case .streak:
            known = ["days", "total", "calendar", "message"]
            var calendar: [Bool] = []
            for (element, path) in try r.array("calendar", example: "[true, true, false, true]", limit: 31) {
                guard case .bool(let done) = element else {
                    throw CardError(.invalidSpec, "\(path) must be true or false, not \(element.typeName)", path: path)
                }
                calendar.append(done)
            }
            fields = .streak(
                .init(
                    days: try r.integer("days", example: "30"),
                    total: try r.optionalInteger("total", example: "120"),
                    calendar: calendar,
                    message: try r.optionalString("message")
                )
            )
        case .statistics:
            known = ["period", "items", "total", "chart", "chartLabels"]
            var items: [CardFields.Statistics.Item] = []
            for (element, path) in try r.array("items", example: "[{\"name\": \"Running\", \"count\": 12}]") {
                var item = try SpecReader(element, path: path)
                items.append(.init(name: try item.string("name"), count: try item.integer("count", example: "12")))
                try item.finish(known: ["name", "count"])
            }
            guard !items.isEmpty else {
                throw CardError(
                    .invalidSpec,
                    "$.fields.items is missing or empty; add up to 3, such as [{\"name\": \"Running\", \"count\": 12}]",
                    path: "$.fields.items"
                )
            }
            var chart: [Double] = []
            for (element, path) in try r.array("chart", example: "[3, 5, 2, 8]", limit: 31) {
                guard case .number(let number) = element, number >= 0, number < SpecReader.numberLimit else {
                    throw CardError(.invalidSpec, "\(path) must be a number from 0 to below 10^12", path: path)
                }
                chart.append(number)
            }
            let chartLabels = try r.strings("chartLabels", limit: 31)
            guard chartLabels.isEmpty || chartLabels.count == chart.count else {
                throw CardError(
                    .invalidSpec,
                    "$.fields.chartLabels has \(chartLabels.count) names for \(chart.count) chart values; "
                        + "give one name a bar, or leave chartLabels out to number the bars",
                    path: "$.fields.chartLabels"
                )
            }
            fields = .statistics(
                .init(
                    period: try r.string("period", example: "\"November\""),
                    items: items,
                    total: try r.optionalInteger("total", example: "42"),
                    chart: chart,
                    chartLabels: chartLabels
                )
            )
        case .personalRecord:
            known = ["activity", "record", "previous", "unit", "date", "lowerIsBetter"]
            fields = .personalRecord(
                .init(
                    activity: try r.string("activity", example: "\"5 km run\""),
                    record: try r.number("record", example: "42.5"),
                    previous: try r.optionalNumber("previous", example: "40"),
                    unit: try r.optionalString("unit", example: "\"kg\"") ?? "",
                    date: try r.optionalString("date", example: "\"2026-11-25\""),
                    lowerIsBetter: try r.optionalBool("lowerIsBetter") ?? false
                )
            )
        case .progress:
            known = ["current", "target", "unit", "title", "stats"]
            let current = try r.number("current", example: "18")
            let target = try r.number("target", example: "30")
            guard target > 0, current >= 0 else {
                throw CardError(
                    .invalidSpec,
                    "$.fields.target must be more than 0 and $.fields.current at least 0 (such as 18 of 30)",
                    path: "$.fields.target"
                )
            }
            var stats: [CardFields.Stat] = []
            for (element, path) in try r.array("stats", example: "[{\"label\": \"Best\", \"value\": \"7\"}]", limit: 3)
            {
                var stat = try SpecReader(element, path: path)
                stats.append(.init(label: try stat.string("label"), value: try stat.string("value")))
                try stat.finish(known: ["label", "value"])
            }
            fields = .progress(
                .init(
                    current: current,
                    target: target,
                    unit: try r.optionalString("unit", example: "\"days\"") ?? "",
                    title: try r.optionalString("title"),
                    stats: stats
                )
            )
        case .challenge:
            known = ["badge", "name", "date", "points"]
            fields = .challenge(
                .init(
                    badge: try r.string("badge", example: "\"🏅\""),
                    name: try r.string("name", example: "\"30-day plank\""),
                    date: try r.optionalString("date", example: "\"2026-11-25\""),
                    points: try r.integer("points", example: "500")
                )
            )
        case .trip:
            known = tripFields
            fields = .trip(try parseTrip(&r))
        }
        try r.finish(known: known)
        return fields
    }
}
