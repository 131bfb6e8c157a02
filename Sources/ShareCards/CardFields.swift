/// What a card shows, one case per ``CardKind``.
public enum CardFields: Sendable, Hashable {
    case achievement(Achievement)
    case levelUp(LevelUp)
    case streak(Streak)
    case statistics(Statistics)
    case personalRecord(PersonalRecord)
    case progress(Progress)
    case challenge(Challenge)

    /// The kind these fields belong to.
    public var kind: CardKind {
        switch self {
        case .achievement: .achievement
        case .levelUp: .levelUp
        case .streak: .streak
        case .statistics: .statistics
        case .personalRecord: .personalRecord
        case .progress: .progress
        case .challenge: .challenge
        }
    }

    /// An unlocked achievement.
    public struct Achievement: Sendable, Hashable {
        /// An emoji (or a short symbol) drawn as the icon.
        public var icon: String
        /// The name shown as the headline.
        public var name: String
        public var description: String
        /// The unlock date as written (`2026-11-25`).
        public var unlocked: String?
        /// `common`, `uncommon`, `rare`, `epic` or `legendary`.
        public var rarity: String?
        /// The level badge's number.
        public var level: Int?
        /// Creates the fields; the optional ones may be left out.
        public init(
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
    public struct LevelUp: Sendable, Hashable {
        /// The level reached.
        public var level: Int
        /// Experience points earned in all.
        public var totalXP: Int
        /// Progress towards the next level, 0...1.
        public var progress: Double
        /// What the level unlocks.
        public var unlocks: [String]
        /// Creates the fields; the optional ones may be left out.
        public init(level: Int, totalXP: Int, progress: Double, unlocks: [String] = []) {
            self.level = level
            self.totalXP = totalXP
            self.progress = progress
            self.unlocks = unlocks
        }
    }

    /// A streak of days.
    public struct Streak: Sendable, Hashable {
        /// Days in a row.
        public var days: Int
        /// Days done in all, streak or not.
        public var total: Int?
        /// The last days, oldest first: true for a day done.
        public var calendar: [Bool]
        /// A message; by default one for the milestones 7, 30, 100 and 365.
        public var message: String?
        /// Creates the fields; the optional ones may be left out.
        public init(days: Int, total: Int? = nil, calendar: [Bool] = [], message: String? = nil) {
            self.days = days
            self.total = total
            self.calendar = calendar
            self.message = message
        }
    }

    /// A period's statistics.
    public struct Statistics: Sendable, Hashable {
        /// The period, such as "November".
        public var period: String
        /// The items with their counts; the card shows the top three.
        public var items: [Item]
        /// The total; the items' sum when absent.
        public var total: Int?
        /// Values for the small bar chart, oldest first.
        public var chart: [Double]
        /// Creates the fields; the optional ones may be left out.
        public init(period: String, items: [Item], total: Int? = nil, chart: [Double] = []) {
            self.period = period
            self.items = items
            self.total = total
            self.chart = chart
        }

        /// One counted item.
        public struct Item: Sendable, Hashable {
            /// The name shown as the headline.
            public var name: String
            /// How many times.
            public var count: Int
            /// Creates the fields; the optional ones may be left out.
            public init(name: String, count: Int) {
                self.name = name
                self.count = count
            }
        }
    }

    /// A new personal record.
    public struct PersonalRecord: Sendable, Hashable {
        /// What the record is for, such as "Deadlift".
        public var activity: String
        /// The new record.
        public var record: Double
        /// The record it beat.
        public var previous: Double?
        /// The unit shown after values, such as `km` or `kg`.
        public var unit: String
        /// The date as written (`2026-11-25`).
        public var date: String?
        /// True when a smaller value is better (a time).
        public var lowerIsBetter: Bool
        /// Creates the fields; the optional ones may be left out.
        public init(
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
    public struct Progress: Sendable, Hashable {
        /// How far along, such as 18.
        public var current: Double
        /// The goal, such as 30.
        public var target: Double
        /// What is counted, such as `days`.
        public var unit: String
        /// A title, such as the goal's name.
        public var title: String?
        /// The stats row under the ring.
        public var stats: [Stat]
        /// Creates the fields; the optional ones may be left out.
        public init(current: Double, target: Double, unit: String = "", title: String? = nil, stats: [Stat] = []) {
            self.current = current
            self.target = target
            self.unit = unit
            self.title = title
            self.stats = stats
        }
    }

    /// A completed challenge.
    public struct Challenge: Sendable, Hashable {
        /// An emoji drawn as the badge.
        public var badge: String
        /// The name shown as the headline.
        public var name: String
        /// The date as written (`2026-11-25`).
        public var date: String?
        /// Points earned.
        public var points: Int
        /// Creates the fields; the optional ones may be left out.
        public init(badge: String, name: String, date: String? = nil, points: Int) {
            self.badge = badge
            self.name = name
            self.date = date
            self.points = points
        }
    }

    /// A labelled value in a stats row.
    public struct Stat: Sendable, Hashable {
        /// What the value is, such as "Minutes".
        public var label: String
        /// The value as shown, such as "270".
        public var value: String
        /// Creates the fields; the optional ones may be left out.
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }
}
