extension ShareSetting {
    /// What a setting holds; it decides how a written value is checked and what `config check`
    /// says the setting must be.
    public struct Kind: Sendable, Hashable {
        private enum Shape: Sendable, Hashable {
            case text, texts, seconds, boolean, presence, path, paths, host, digits, destinations, number
            case integer(ClosedRange<Int>)
            case choice([String], ignoringCase: Bool)
        }

        private let shape: Shape

        /// One line of text.
        public static let text = Kind(shape: .text)
        /// A list of one-line values (a YAML list, or comma-separated in a variable).
        public static let texts = Kind(shape: .texts)
        /// A number of seconds above 0 and at most ``maximumSeconds``.
        public static let seconds = Kind(shape: .seconds)
        /// `true`/`yes` or `false`/`no` in a file or variable.
        public static let boolean = Kind(shape: .boolean)
        /// A flag that is given or not, and takes no value.
        public static let presence = Kind(shape: .presence)
        /// A folder path.
        public static let path = Kind(shape: .path)
        /// A list of folder paths.
        public static let paths = Kind(shape: .paths)
        /// A host name.
        public static let host = Kind(shape: .host)
        /// Digits only.
        public static let digits = Kind(shape: .digits)
        /// A list of destination ids.
        public static let destinations = Kind(shape: .destinations)
        /// A decimal number.
        public static let number = Kind(shape: .number)
        /// A whole number within `range`.
        public static func integer(_ range: ClosedRange<Int>) -> Kind { Kind(shape: .integer(range)) }
        /// One of `values`, written as listed; with `ignoringCase`, in any case (`XCLIP`).
        public static func choice(_ values: [String], ignoringCase: Bool = false) -> Kind {
            Kind(shape: .choice(values, ignoringCase: ignoringCase))
        }

        /// The most seconds a ``seconds`` setting takes: an hour.
        public static let maximumSeconds: Double = 3600

        /// The range of an ``integer(_:)`` kind; nil for any other.
        public var integerRange: ClosedRange<Int>? {
            if case .integer(let range) = shape { return range }
            return nil
        }

        /// The values of a ``choice(_:)`` kind; nil for any other.
        public var choices: [String]? {
            if case .choice(let values, _) = shape { return values }
            return nil
        }

        /// Whether `value` is one of a ``choice(_:ignoringCase:)`` kind's values, in a case it
        /// takes; false for any other kind.
        public func isChoice(_ value: String) -> Bool {
            guard case .choice(let values, let ignoringCase) = shape else { return false }
            return ignoringCase ? values.contains { $0.lowercased() == value.lowercased() } : values.contains(value)
        }

        /// Whether it holds a list.
        public var isList: Bool { [.texts, .paths, .destinations].contains(self) }

        /// Whether a flag of this kind takes no value.
        public var isPresence: Bool { self == .presence }

        /// What a value must be, in words: `a whole number from 0 to 10`.
        public var words: String {
            switch shape {
            case .text: "text"
            case .texts: "a list of values"
            case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .seconds: "a number of seconds above 0, at most 3600"
            case .boolean, .presence: "true or false"
            case .path: "a folder path"
            case .paths: "a list of folder paths"
            case .host: "a host name such as mastodon.social"
            case .digits: "digits"
            case .destinations: "a list of destination ids, such as [clipboard, file]"
            case .number: "a number"
            case .choice(let values, _): "one of \(values.joined(separator: ", "))"
            }
        }

        /// Whether `seconds` is within a ``seconds`` setting's bound: above 0, at most an hour.
        public static func isValidSeconds(_ seconds: Double) -> Bool { seconds > 0 && seconds <= maximumSeconds }

        /// `seconds` (a ``seconds`` setting's value) as a duration, to the millisecond.
        public static func duration(seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }

        /// `true`/`yes` or `false`/`no`, in any case; nil for anything else.
        public static func boolean(_ text: String) -> Bool? {
            ["true": true, "false": false, "yes": true, "no": false][text.lowercased()]
        }
    }
}
