/// What a card shows, one case per ``CardKind``.
package enum CardFields: Sendable, Hashable {
    case achievement(Achievement)
    case levelUp(LevelUp)
    case streak(Streak)
    case statistics(Statistics)
    case personalRecord(PersonalRecord)
    case progress(Progress)
    case challenge(Challenge)
    case trip(Trip)

    /// The kind these fields belong to.
    package var kind: CardKind {
        switch self {
        case .achievement: .achievement
        case .levelUp: .levelUp
        case .streak: .streak
        case .statistics: .statistics
        case .personalRecord: .personalRecord
        case .progress: .progress
        case .challenge: .challenge
        case .trip: .trip
        }
    }

    /// An unlocked achievement.
    package struct Achievement: Sendable, Hashable {
        /// An emoji (or a short symbol) drawn as the icon.
        package var icon: String
        /// The name shown as the headline.
        package var name: String
        package var description: String
        /// The unlock date as written (`2026-11-25`).
        package var unlocked: String?
        /// `common`, `uncommon`, `rare`, `epic` or `legendary`.
        package var rarity: String?
        /// The level badge's number.
        package var level: Int?
        /// Creates the fields; the optional ones may be left out.
        package init(
            icon: String,
            name: String,
            description: String,
            unlocked: String? = nil,
            rarity: String? = nil,
            level: Int? = nil
        ) {
            self.icon = icon
            self.name = name
            self.description = description
            self.unlocked = unlocked
            self.rarity = rarity
            self.level = level
        }
    }

    /// A new level.
    package struct LevelUp: Sendable, Hashable {
        /// The level reached.
        package var level: Int
        /// Experience points earned in all.
        package var totalXP: Int
        /// Progress towards the next level, 0...1.
        package var progress: Double
        /// What the level unlocks.
        package var unlocks: [String]
        /// Creates the fields; the optional ones may be left out.
        package init(level: Int, totalXP: Int, progress: Double, unlocks: [String] = []) {
            self.level = level
            self.totalXP = totalXP
            self.progress = progress
            self.unlocks = unlocks
        }
    }

    /// A streak of days.
    package struct Streak: Sendable, Hashable {
        /// Days in a row.
        package var days: Int
        /// Days done in all, streak or not.
        package var total: Int?
        /// The last days, oldest first: true for a day done.
        package var calendar: [Bool]
        /// A message; by default one for the milestones 7, 30, 100 and 365.
        package var message: String?
        /// Creates the fields; the optional ones may be left out.
        package init(days: Int, total: Int? = nil, calendar: [Bool] = [], message: String? = nil) {
            self.days = days
            self.total = total
            self.calendar = calendar
            self.message = message
        }
    }

    /// A period's statistics.
    package struct Statistics: Sendable, Hashable {
        /// The period, such as "November".
        package var period: String
        /// The items with their counts; the card shows the top three.
        package var items: [Item]
        /// The total; the items' sum when absent.
        package var total: Int?
        /// Values for the bar chart, oldest first.
        package var chart: [Double]
        /// The bars' names (`Mon`, `W1`), as many as ``chart`` has values; the bars are numbered
        /// from 1 when there are none.
        package var chartLabels: [String]
        /// Creates the fields; the optional ones may be left out.
        package init(
            period: String,
            items: [Item],
            total: Int? = nil,
            chart: [Double] = [],
            chartLabels: [String] = []
        ) {
            self.period = period
            self.items = items
            self.total = total
            self.chart = chart
            self.chartLabels = chartLabels
        }

        /// One counted item.
        package struct Item: Sendable, Hashable {
            /// The name shown as the headline.
            package var name: String
            /// How many times.
            package var count: Int
            /// Creates the fields; the optional ones may be left out.
            package init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }

    /// A new personal record.
    package struct PersonalRecord: Sendable, Hashable {
        /// What the record is for, such as "Deadlift".
        package var activity: String
        /// The new record.
        package var record: Double
        /// The record it beat.
        package var previous: Double?
        /// The unit shown after values, such as `km` or `kg`.
        package var unit: String
        /// The date as written (`2026-11-25`).
        package var date: String?
        /// True when a smaller value is better (a time).
        package var lowerIsBetter: Bool
        /// Creates the fields; the optional ones may be left out.
        package init(
            activity: String,
            record: Double,
            previous: Double? = nil,
            unit: String = "",
            date: String? = nil,
            lowerIsBetter: Bool = false
        ) {
            self.activity = activity
            self.record = record
            self.previous = previous
            self.unit = unit
            self.date = date
            self.lowerIsBetter = lowerIsBetter
        }
    }

    /// Progress towards a target, such as 18 of 30 days.
    package struct Progress: Sendable, Hashable {
        /// How far along, such as 18.
        package var current: Double
        /// The goal, such as 30.
        package var target: Double
        /// What is counted, such as `days`.
        package var unit: String
        /// A title, such as the goal's name.
        package var title: String?
        /// The stats row under the ring.
        package var stats: [Stat]
        /// Creates the fields; the optional ones may be left out.
        package init(current: Double, target: Double, unit: String = "", title: String? = nil, stats: [Stat] = []) {
            self.current = current
            self.target = target
            self.unit = unit
            self.title = title
            self.stats = stats
        }
    }

    /// A completed challenge.
    package struct Challenge: Sendable, Hashable {
        /// An emoji drawn as the badge.
        package var badge: String
        /// The name shown as the headline.
        package var name: String
        /// The date as written (`2026-11-25`).
        package var date: String?
        /// Points earned.
        package var points: Int
        /// Creates the fields; the optional ones may be left out.
        package init(badge: String, name: String, date: String? = nil, points: Int) {
            self.badge = badge
            self.name = name
            self.date = date
            self.points = points
        }
    }

    /// A labelled value in a stats row.
    package struct Stat: Sendable, Hashable {
        /// What the value is, such as "Minutes".
        package var label: String
        /// The value as shown, such as "270".
        package var value: String
        /// Creates the fields; the optional ones may be left out.
        package init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }
}
