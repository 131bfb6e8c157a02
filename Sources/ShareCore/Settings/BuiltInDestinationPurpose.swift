extension BuiltInDestination {
    /// What a built-in is for. `sharevia config check` (and the config file in the README) lists
    /// the built-ins' keys by purpose, in the order declared here, and then by section name:
    /// `clipboard`, then `instagram` and `mastodon`, then `email` and `sms`.
    public struct Purpose: Sendable, Hashable, Comparable {
        private let rank: Int

        /// It keeps the share on this machine: the clipboard, the file export.
        public static let local = Purpose(rank: 0)
        /// It posts to a network or app: Instagram Stories, the web intents.
        public static let post = Purpose(rank: 1)
        /// It sends a message to people: email, SMS.
        public static let message = Purpose(rank: 2)

        public static func < (lhs: Purpose, rhs: Purpose) -> Bool { lhs.rank < rhs.rank }
    }

    /// The config section its keys are written under (`instagram` for `instagram.app_id`); nil
    /// when it has no key.
    public var section: Substring? {
        settings.lazy.compactMap(\.key).first.map { $0.prefix { $0 != "." } }
    }

    /// `builtIns` in the order `sharevia config check` lists their keys: by ``purpose``, then by
    /// ``section``, else in the order given.
    public static func inConfigOrder(_ builtIns: [BuiltInDestination]) -> [BuiltInDestination] {
        builtIns.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.purpose, lhs.element.section ?? "", lhs.offset)
            let right = (rhs.element.purpose, rhs.element.section ?? "", rhs.offset)
            if left.0 != right.0 { return left.0 < right.0 }
            if left.1 != right.1 { return left.1 < right.1 }
            return left.2 < right.2
        }.map(\.element)
    }
}
