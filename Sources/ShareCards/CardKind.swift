/// The eight kinds of card, each with its own fields (``CardFields``).
package enum CardKind: String, Sendable, Hashable, CaseIterable {
    case achievement
    case levelUp = "level-up"
    case streak
    case statistics
    case personalRecord = "personal-record"
    case progress
    case challenge
    case trip
}
