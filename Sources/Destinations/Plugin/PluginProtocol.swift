/// The messages of sharevia's plugin protocol, version 1, as `Codable` values.
///
/// A plugin is an executable named `sharevia-dest-<id>`. sharevia runs it once per operation
/// (`describe`, `check`, `deliver`) with the operation as its only argument, writes one JSON
/// object to its stdin and closes it, and reads one JSON object from its stdout. Adapters.md
/// specifies the protocol; `schemas/plugin-v1/` holds a JSON Schema per message.
public enum PluginProtocol {
    /// The protocol versions this sharevia speaks.
    public static let supportedVersions: ClosedRange<Int> = 1...1
    /// The executable name's prefix: `sharevia-dest-<id>`.
    public static let executablePrefix = "sharevia-dest-"
    /// Capabilities sharevia knows; a plugin that marks any other capability mandatory is refused.
    public static let knownCapabilities: Set<String> = ["settings", "secrets", "attachments", "hand-off"]
    /// The most a plugin may print on stdout.
    public static let maxOutputBytes = 1 << 20
    /// The most of a plugin's stderr kept for the report.
    public static let maxLogBytes = 4096

    /// One of the three operations.
    public enum Operation: String, Sendable, Codable, CaseIterable {
        case describe, check, deliver
    }

    /// The versions a side speaks.
    public struct VersionRange: Sendable, Hashable, Codable {
        public var min: Int
        public var max: Int
        public init(min: Int, max: Int) {
            self.min = min
            self.max = max
        }
    }

    /// `describe`'s request: sharevia's version and the protocol versions it speaks.
    public struct DescribeRequest: Sendable, Hashable, Codable {
        public var operation = Operation.describe
        public var sharevia: String
        public var protocolVersions: VersionRange
        public init(sharevia: String, protocolVersions: VersionRange) {
            self.sharevia = sharevia
            self.protocolVersions = protocolVersions
        }
        enum CodingKeys: String, CodingKey {
            case operation, sharevia
            case protocolVersions = "protocol"
        }
    }

    /// `describe`'s answer: what the plugin is and what it takes.
    public struct Description: Sendable, Hashable, Codable {
        /// The protocol versions the plugin speaks.
        public var protocolVersions: VersionRange
        /// The name shown to people.
        public var name: String
        /// One sentence on what delivering here does.
        public var summary: String?
        /// What it takes.
        public var accepts: Accepts
        /// The outcomes its answers can carry: `delivered`, `handed-off`.
        public var outcomes: [String]?
        /// Optional features, each possibly mandatory.
        public var capabilities: [Capability]?
        /// The names of the settings that are secrets (`token`): only these, and names that look
        /// like secrets (`password`, `api_key`), are read from `NAME_env` or `NAME_file`.
        public var secrets: [String]?

        enum CodingKeys: String, CodingKey {
            case name, summary, accepts, outcomes, capabilities, secrets
            case protocolVersions = "protocol"
        }

        /// The parts of a share a plugin takes.
        public struct Accepts: Sendable, Hashable, Codable {
            public var text: Bool?
            public var textLimit: Int?
            public var link: Bool?
            public var hashtags: Bool?
            public var images: [String]?
            public var imageMaxBytes: Int?
            public var files: Bool?
            enum CodingKeys: String, CodingKey {
                case text, link, hashtags, images, files
                case textLimit = "text_limit"
                case imageMaxBytes = "image_max_bytes"
            }
        }

        /// A feature the plugin uses; `mandatory` ones sharevia must know.
        public struct Capability: Sendable, Hashable, Codable {
            public var name: String
            public var mandatory: Bool?
        }
    }

    /// `check`'s request: the plugin's settings from the config, and the secrets it declared
    /// that sharevia could not find (it is then unavailable; the plugin may say why in its reason).
    public struct CheckRequest: Sendable, Hashable, Codable {
        public var operation = Operation.check
        public var protocolVersion: Int
        public var settings: [String: String]
        /// Declared secrets that are not set or can't be resolved; absent when none are.
        public var missingSecrets: [String]?
        enum CodingKeys: String, CodingKey {
            case operation, settings
            case protocolVersion = "protocol"
            case missingSecrets = "missing_secrets"
        }
    }

    /// `check`'s answer.
    public struct CheckAnswer: Sendable, Hashable, Codable {
        public var available: Bool
        public var reason: String?
    }

    /// `deliver`'s request: the prepared share, attachments as paths, settings and secrets.
    public struct DeliverRequest: Sendable, Hashable, Codable {
        public var operation = Operation.deliver
        public var protocolVersion: Int
        public var share: Share
        public var attachments: [Attachment]
        public var settings: [String: String]
        public var secrets: [String: String]
        /// Milliseconds the plugin has before it is killed.
        public var deadlineMilliseconds: Int
        enum CodingKeys: String, CodingKey {
            case operation, share, attachments, settings, secrets
            case protocolVersion = "protocol"
            case deadlineMilliseconds = "deadline_ms"
        }

        /// The share's parts.
        public struct Share: Sendable, Hashable, Codable {
            public var title: String?
            public var text: String
            public var link: String?
            public var hashtags: [String]
            public var kind: String
        }

        /// An attachment, as a file in a private (0700) folder that exists until the plugin exits.
        public struct Attachment: Sendable, Hashable, Codable {
            public var path: String
            public var mediaType: String
            public var name: String
            public var bytes: Int
            enum CodingKeys: String, CodingKey {
                case path, name, bytes
                case mediaType = "media_type"
            }
        }
    }

    /// `deliver`'s answer.
    public struct DeliverAnswer: Sendable, Hashable, Codable {
        /// `delivered`, `handed-off`, `rejected` or `failed`.
        public var outcome: String
        /// For `failed`: whether trying again may work.
        public var retryable: Bool?
        public var message: String?
        public var url: String?
        public var id: String?
        /// For `handed-off`: what the person must do next.
        public var nextStep: String?
        enum CodingKeys: String, CodingKey {
            case outcome, retryable, message, url, id
            case nextStep = "next_step"
        }
    }
}
