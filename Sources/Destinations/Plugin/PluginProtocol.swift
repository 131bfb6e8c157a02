/// The messages of sharevia's plugin protocol, version 1, as `Codable` values.
///
/// A plugin is an executable named `sharevia-dest-<id>`. sharevia runs it once per operation
/// (`describe`, `check`, `deliver`) with the operation as its only argument, writes one JSON
/// object to its stdin and closes it, and reads one JSON object from its stdout. Adapters.md
/// specifies the protocol; `schemas/plugin-v1/` holds a JSON Schema per message.
package enum PluginProtocol {
    /// The protocol versions this sharevia speaks.
    package static let supportedVersions: ClosedRange<Int> = 1...1
    /// The executable name's prefix: `sharevia-dest-<id>`.
    package static let executablePrefix = "sharevia-dest-"
    /// Capabilities sharevia knows; a plugin that marks any other capability mandatory is refused.
    package static let knownCapabilities: Set<String> = ["settings", "secrets", "attachments", "hand-off"]
    /// The most a plugin may print on stdout.
    package static let maxOutputBytes = 1 << 20
    /// The most of a plugin's stderr kept for the report.
    package static let maxLogBytes = 4096

    /// One of the three operations.
    package enum Operation: String, Sendable, Codable, CaseIterable {
        case describe, check, deliver
    }

    /// The versions a side speaks.
    package struct VersionRange: Sendable, Hashable, Codable {
        package var min: Int
        package var max: Int
        package init(min: Int, max: Int) {
            self.min = min
            self.max = max
        }
    }

    /// `describe`'s request: sharevia's version and the protocol versions it speaks.
    package struct DescribeRequest: Sendable, Hashable, Codable {
        package var operation = Operation.describe
        package var sharevia: String
        package var protocolVersions: VersionRange
        package init(sharevia: String, protocolVersions: VersionRange) {
            self.sharevia = sharevia
            self.protocolVersions = protocolVersions
        }
        enum CodingKeys: String, CodingKey {
            case operation, sharevia
            case protocolVersions = "protocol"
        }
    }

    /// `describe`'s answer: what the plugin is and what it takes.
    package struct Description: Sendable, Hashable, Codable {
        /// The protocol versions the plugin speaks.
        package var protocolVersions: VersionRange
        /// The name shown to people.
        package var name: String
        /// One sentence on what delivering here does.
        package var summary: String?
        /// What it takes.
        package var accepts: Accepts
        /// The outcomes its answers can carry: `delivered`, `handed-off`.
        package var outcomes: [String]?
        /// Optional features, each possibly mandatory.
        package var capabilities: [Capability]?
        /// The names of the settings that are secrets (`token`): only these, and names that look
        /// like secrets (`password`, `api_key`), are read from `NAME_env` or `NAME_file`.
        package var secrets: [String]?

        enum CodingKeys: String, CodingKey {
            case name, summary, accepts, outcomes, capabilities, secrets
            case protocolVersions = "protocol"
        }

        /// The parts of a share a plugin takes.
        package struct Accepts: Sendable, Hashable, Codable {
            package var text: Bool?
            package var textLimit: Int?
            package var link: Bool?
            package var hashtags: Bool?
            package var images: [String]?
            package var imageMaxBytes: Int?
            package var files: Bool?
            enum CodingKeys: String, CodingKey {
                case text, link, hashtags, images, files
                case textLimit = "text_limit"
                case imageMaxBytes = "image_max_bytes"
            }
        }

        /// A feature the plugin uses; `mandatory` ones sharevia must know.
        package struct Capability: Sendable, Hashable, Codable {
            package var name: String
            package var mandatory: Bool?
        }
    }

    /// `check`'s request: the plugin's settings from the config, and the secrets it declared
    /// that sharevia could not find (it is then unavailable; the plugin may say why in its reason).
    package struct CheckRequest: Sendable, Hashable, Codable {
        package var operation = Operation.check
        package var protocolVersion: Int
        package var settings: [String: String]
        /// Declared secrets that are not set or can't be resolved; absent when none are.
        package var missingSecrets: [String]?
        enum CodingKeys: String, CodingKey {
            case operation, settings
            case protocolVersion = "protocol"
            case missingSecrets = "missing_secrets"
        }
    }

    /// `check`'s answer.
    package struct CheckAnswer: Sendable, Hashable, Codable {
        package var available: Bool
        package var reason: String?
    }

    /// `deliver`'s request: the prepared share, attachments as paths, settings and secrets.
    package struct DeliverRequest: Sendable, Hashable, Codable {
        package var operation = Operation.deliver
        package var protocolVersion: Int
        package var share: Share
        package var attachments: [Attachment]
        package var settings: [String: String]
        package var secrets: [String: String]
        /// Milliseconds the plugin has before it is killed.
        package var deadlineMilliseconds: Int
        enum CodingKeys: String, CodingKey {
            case operation, share, attachments, settings, secrets
            case protocolVersion = "protocol"
            case deadlineMilliseconds = "deadline_ms"
        }

        /// The share's parts.
        package struct Share: Sendable, Hashable, Codable {
            package var title: String?
            package var text: String
            package var link: String?
            package var hashtags: [String]
            package var kind: String
        }

        /// An attachment, as a file in a private (0700) folder that exists until the plugin exits.
        package struct Attachment: Sendable, Hashable, Codable {
            package var path: String
            package var mediaType: String
            package var name: String
            package var bytes: Int
            enum CodingKeys: String, CodingKey {
                case path, name, bytes
                case mediaType = "media_type"
            }
        }
    }

    /// `deliver`'s answer.
    package struct DeliverAnswer: Sendable, Hashable, Codable {
        /// `delivered`, `handed-off`, `rejected` or `failed`.
        package var outcome: String
        /// For `failed`: whether trying again may work.
        package var retryable: Bool?
        package var message: String?
        package var url: String?
        package var id: String?
        /// For `handed-off`: what the person must do next.
        package var nextStep: String?
        enum CodingKeys: String, CodingKey {
            case outcome, retryable, message, url, id
            case nextStep = "next_step"
        }
    }
}
