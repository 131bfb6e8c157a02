extension ShareError {
    /// The facts behind an error or an unavailability, so each caller can give advice in its own
    /// terms: what is wrong, which setting of the destination's `Configuration` it concerns, the
    /// setting's value, and what sharevia found instead.
    ///
    /// A library message says what went wrong; it never names a command-line flag or a config-file
    /// key, which a library caller doesn't have. Its ``mentions`` tie the words that name a setting
    /// to the setting's declaration, so the `sharevia` command words them with its flags.
    ///
    /// ```swift
    /// if error.detail?.code == .missingSetting, error.detail?.setting == "appID" { ... }
    /// ```
    public struct Detail: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, stable across releases. A struct over a private enum, so codes can be added.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            private enum Base: String, Sendable, CaseIterable {
                case missingSetting = "missing-setting"
                case unusableSetting = "unusable-setting"
                case conflictingSettings = "conflicting-settings"
                case choiceNeeded = "choice-needed"
                case overLimit = "over-limit"
                case imageLayout = "image-layout"
                case folderFull = "folder-full"
                case writeFailed = "write-failed"
                case verificationFailed = "verification-failed"
                case tlsFailed = "tls-failed"
                case emptyChain = "empty-chain"
                case unknownDestination = "unknown-destination"
                case missingFile = "missing-file"
                case imageTooLarge = "image-too-large"
                case signInAgain = "sign-in-again"
                case rejectedByServer = "rejected-by-server"
                case unsupportedType = "unsupported-type"
                case rateLimited = "rate-limited"
                case noAnswer = "no-answer"
                case nothingCarried = "nothing-carried"
            }
            private let base: Base
            private init(_ base: Base) { self.base = base }

            /// A setting the share needs has no value (``Detail/setting`` names it).
            public static let missingSetting = Code(.missingSetting)
            /// A setting's value can't be used here: a file that can't be read, a folder that is
            /// not one, a device that needs a missing tool, an address that is not one.
            public static let unusableSetting = Code(.unusableSetting)
            /// A setting contradicts another, or the URL, or is unsafe with it.
            public static let conflictingSettings = Code(.conflictingSettings)
            /// Several candidates (``Detail/found``) and no setting picks one.
            public static let choiceNeeded = Code(.choiceNeeded)
            /// The content is over a limit (``Detail/value``); ``Detail/found`` holds the amount.
            public static let overLimit = Code(.overLimit)
            /// An image doesn't fit the destination's layout rules as it is; a setting can place it.
            public static let imageLayout = Code(.imageLayout)
            /// The folder holds too many numbered copies of these names already.
            public static let folderFull = Code(.folderFull)
            /// Writing into the folder failed; ``Detail/value`` says why: `no-space`, `not-writable` or `other`.
            public static let writeFailed = Code(.writeFailed)
            /// A delivery could not be confirmed by reading it back.
            public static let verificationFailed = Code(.verificationFailed)
            /// A TLS handshake failed, or TLS was required and the server doesn't offer it.
            public static let tlsFailed = Code(.tlsFailed)
            /// The chain names no destination.
            public static let emptyChain = Code(.emptyChain)
            /// A destination id that nothing registered (``Detail/value``; ``Detail/found`` lists the known).
            public static let unknownDestination = Code(.unknownDestination)
            /// A file of the share does not exist (``Detail/value`` is its path).
            public static let missingFile = Code(.missingFile)
            /// An image has more bytes than the destination takes (``Detail/value``); a smaller
            /// encoding of it may fit. ``Detail/found`` holds its size.
            public static let imageTooLarge = Code(.imageTooLarge)
            /// The server refused the credentials (HTTP 401 or 403): the account must sign in
            /// again. ``Detail/found`` holds the server (`https://host`) and the status.
            public static let signInAgain = Code(.signInAgain)
            /// The server refused the request as invalid (HTTP 422, a lexicon error);
            /// ``Detail/value`` quotes its own message, secrets redacted.
            public static let rejectedByServer = Code(.rejectedByServer)
            /// The server does not take this media type (HTTP 415); ``Detail/value`` is the type.
            public static let unsupportedType = Code(.unsupportedType)
            /// The server's rate limit is used up (HTTP 429); ``Detail/value`` is when it resets,
            /// in UTC (`2026-11-26T09:05:00Z`), and ``Detail/found`` holds the seconds from the
            /// error until then, when the server said.
            public static let rateLimited = Code(.rateLimited)
            /// The request went out whole and no answer came back; ``Detail/found`` names the
            /// server, then what makes a later retry safe (an idempotency key, a record key) when
            /// the destination sent one.
            public static let noAnswer = Code(.noAnswer)
            /// The share has nothing the destination carries; ``Detail/found`` holds the paths
            /// (or names) of the attachments that are text (`text/*`), whose text it could carry.
            public static let nothingCarried = Code(.nothingCarried)

            /// The stable code string, such as `missing-setting`.
            public var description: String { base.rawValue }

            /// Every code, so a test can check them all.
            package static var allCases: [Code] { Base.allCases.map(Code.init) }
        }

        /// What is wrong.
        public var code: Code
        /// The property of the destination's `Configuration` concerned, such as `appID`, if any.
        public var setting: String?
        /// The setting's value, or the limit concerned, as text; never a secret.
        public var value: String?
        /// What sharevia found instead: the candidates to choose from, or the amount over a limit.
        public var found: [String]
        /// Where the message names settings in library terms, and what a caller that sets them
        /// another way says instead (the `sharevia` command names their flags).
        public var mentions: [SettingMention]

        /// Creates a detail.
        public init(
            _ code: Code,
            setting: String? = nil,
            value: String? = nil,
            found: [String] = [],
            mentions: [SettingMention] = []
        ) {
            self.code = code
            self.setting = setting
            self.value = value
            self.found = found
            self.mentions = mentions
        }

        /// Two details are equal when their facts are: the code, setting, value and what was
        /// found. ``mentions`` say how one message words them, and don't count.
        public static func == (lhs: Detail, rhs: Detail) -> Bool {
            lhs.code == rhs.code && lhs.setting == rhs.setting && lhs.value == rhs.value && lhs.found == rhs.found
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(code)
            hasher.combine(setting)
            hasher.combine(value)
            hasher.combine(found)
        }

        /// `missing-setting appID`, for logs and tests.
        public var description: String {
            ([code.description] + [setting, value].compactMap(\.self) + found).joined(separator: " ")
        }
    }
}
