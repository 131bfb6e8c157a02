import Destinations
import Foundation
import ShareCore
import TestSupport
import Testing

/// A built-in destination owns its settings: each of its flags, config keys and `SHAREVIA_*`
/// variables is written, as a string literal, only in the folder of the file that declares the
/// built-in. Adding an option for Instagram in the CLI, or a key in a central config list, fails.
@Suite struct SettingsOwnershipTests {
    /// Every `.swift` and `.json` file under Sources, by path relative to the package.
    static let sources: [(path: String, text: String)] = {
        let root = PackageRoot.path
        let enumerator = FileManager.default.enumerator(atPath: root + "/Sources")
        var files: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") || relative.hasSuffix(".json") else { continue }
            guard let text = try? String(contentsOfFile: root + "/Sources/" + relative, encoding: .utf8) else {
                continue
            }
            files.append(("Sources/" + relative, text))
        }
        return files
    }()

    /// The string literals in `text` (single-line ones; a multi-line string is prose).
    static func literals(in text: String) -> Set<String> {
        var found: Set<String> = []
        for line in text.split(separator: "\n")
        where !line.contains("\"\"\"") && !line.drop(while: { $0 == " " }).hasPrefix("//") {
            var current: String?
            var escaped = false
            for character in line {
                if var open = current {
                    if escaped {
                        open.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        found.insert(open)
                        current = nil
                        continue
                    } else {
                        open.append(character)
                    }
                    current = open
                } else if character == "\"" {
                    current = ""
                }
            }
        }
        return found
    }

    /// The folder of the file `fileID` (`Module/File.swift`) names, relative to the package.
    static func folder(of fileID: String) throws -> String {
        let parts = fileID.split(separator: "/")
        let module = try #require(parts.first)
        let name = try #require(parts.last)
        let file = try #require(
            sources.first { $0.path.hasPrefix("Sources/\(module)/") && $0.path.hasSuffix("/\(name)") },
            "no file for \(fileID)"
        )
        return String(file.path[..<file.path.lastIndex(of: "/")!])
    }

    /// The words a setting is known by: its key, its variable, its flag with its dashes, and
    /// without them when that is no everyday word (`sms-to`, but not `as` or `device`).
    static func words(of setting: ShareSetting) -> [String] {
        let bare = setting.flag.flatMap { $0.contains("-") ? $0 : nil }
        return [setting.key, setting.variable, bare, setting.flag.map { "--" + $0 }].compactMap { $0 }
    }

    /// Literals that are another program's words: kdeconnect-cli's own `--device`.
    static let otherPrograms: Set<String> = ["Sources/Destinations/SMS/KDEConnect.swift: --device"]

    @Test func everyBuiltInsFlagsKeysAndVariablesAreWrittenOnlyInItsFolder() throws {
        var owners: [String: String] = [:]
        for builtIn in StandardDestinations.builtIns {
            let folder = try Self.folder(of: builtIn.fileID)
            for setting in builtIn.settings {
                for word in Self.words(of: setting) { owners[word] = folder }
            }
        }
        #expect(owners["instagram.app_id"] == "Sources/Destinations/Instagram")
        #expect(owners["SHAREVIA_CLIPBOARD_BACKEND"] == "Sources/Clipboard")
        for file in Self.sources {
            for literal in Self.literals(in: file.text) {
                guard let owner = owners[literal], !Self.otherPrograms.contains("\(file.path): \(literal)") else {
                    continue
                }
                #expect(
                    file.path.hasPrefix(owner + "/"),
                    "\(file.path) writes \"\(literal)\", which belongs to \(owner)"
                )
            }
        }
    }

    @Test func everySettingIsDeclaredInItsBuiltInsFolderOrTheSharedPlace() throws {
        let folders = try StandardDestinations.builtIns.map { try Self.folder(of: $0.fileID) }
        // The shared place (ShareSettings), the plugins' keys, the chain's own settings, which
        // only the command line reads (ShareChainSettings), and the command line's history and
        // outbox, each in its own folder (history.*, outbox.*).
        let shared = [
            "Sources/ShareCore/Settings/", "Sources/Destinations/Plugin/", "Sources/ShareviaCLI/CoreOptions/",
            "Sources/ShareviaCLI/History/", "Sources/ShareviaCLI/Outbox/",
        ]
        for file in Self.sources where file.text.contains("ShareSetting(") {
            let owned =
                folders.contains { file.path.hasPrefix($0 + "/") } || shared.contains { file.path.hasPrefix($0) }
            #expect(owned, "\(file.path) declares a setting outside a destination's folder")
        }
    }

    /// The command line takes every destination's options from the declarations, and words
    /// their advice from them too: no file of it names a built-in's type.
    @Test func theCommandLineNamesNoDestinationType() {
        let types = [
            "ClipboardDestination", "FileExportDestination", "InstagramDestination", "SMSDestination",
            "EmailDestination", "WebIntentDestination", "MastodonIntent", "PluginDestination",
        ]
        for file in Self.sources where file.path.hasPrefix("Sources/ShareviaCLI/") {
            for type in types where file.text.contains(type) {
                Issue.record("\(file.path) names \(type)")
            }
        }
    }

    /// The command line rewords no library phrase: a destination's words that name a setting
    /// (`Configuration.appID`) carry a mention of its declaration, so no file of the command line
    /// holds them to look for.
    @Test func theCommandLineHoldsNoLibraryWordsForASetting() {
        for file in Self.sources where file.path.hasPrefix("Sources/ShareviaCLI/") {
            for literal in Self.literals(in: file.text) where literal.contains("Configuration.") {
                Issue.record("\(file.path) holds the library's words \"\(literal)\"")
            }
        }
    }

    @Test func theLiteralReaderFindsWhatIsWritten() {
        let text = #"let a = "instagram.app_id"; let b = "say \"hi\"" // "--sms-to""#
        #expect(Self.literals(in: text) == ["instagram.app_id", #"say "hi""#, "--sms-to"])
    }
}
