import Destinations
import ShareCore

/// Every key the config file takes: the share's own (``ShareSettings``), then each built-in's
/// and the plugins', as they declare them in their own folders. `sharevia config check`
/// validates against it and prints from it.
enum ConfigSchema {
    /// The fixed keys. `chains.<name>` and `plugins.settings.<id>.<key>` are open-ended.
    static var settings: [ShareSetting] {
        ([ShareChainSettings.fallback] + ShareSettings.all + HistorySettings.keyed + OutboxSettings.all
            + StandardDestinations.settings
            + ShareviaMain.registryFactory.extraSettings)
            .filter { $0.key != nil }
    }

    /// Which destination a secret setting belongs to and its name there: `email.password` is
    /// email's `password`. A secret that can't be resolved makes that destination unavailable.
    static func owner(ofSecret setting: ShareSetting) -> (id: DestinationID, name: String, key: String)? {
        guard setting.isSecret, let key = setting.key, let dot = key.firstIndex(of: ".") else { return nil }
        return (DestinationID(String(key[..<dot])), String(key[key.index(after: dot)...]), key)
    }

    /// The setting for a fixed key.
    static func setting(_ key: String) -> ShareSetting? { settings.first { $0.key == key } }

    /// The known key closest to `key`, for "did you mean".
    static func suggestion(for key: String) -> String? {
        let candidates = settings.compactMap(\.key) + ["chains.<name>", "plugins.settings.<id>.<name>"]
        let scored = candidates.map { ($0, editDistance(Array(key), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
