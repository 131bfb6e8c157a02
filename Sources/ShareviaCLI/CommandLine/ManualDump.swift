import ArgumentParser
import ShareCards
import ShareCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `sharevia --experimental-dump-help`, which swift-argument-parser's `generate-manual` turns into
/// the man page: swift-argument-parser's description of the commands, with the options of the
/// commands ``ShareCommandLine`` and ``SMSCountCommandLine`` read taken from their declarations.
enum ManualDump {
    /// The commands whose options are read from their declarations, by their path under `sharevia`.
    private static var declared: [[String]: [CommandOption]] {
        [
            ["share"]: CommandOptions.share, ["destinations"]: CommandOptions.destinations,
            ["sms", "count"]: SMSCountOptions.all,
        ]
    }

    /// The description, as JSON.
    static func rendered() -> String {
        let dump = ShareviaCommand._dumpHelp()
        guard var document = try? JSONDecoder().decode(JSONValue.self, from: Data(dump.utf8)),
            let command = document["command"]
        else { return dump }
        document["command"] = replacingDeclaredOptions(in: command, path: [], declared: declared)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(document) else { return dump }
        return String(decoding: data, as: UTF8.self)
    }

    /// `command` (at `path`) with each declared subcommand's passthrough replaced by its options.
    private static func replacingDeclaredOptions(
        in command: JSONValue,
        path: [String],
        declared: [[String]: [CommandOption]]
    ) -> JSONValue {
        guard case .array(var subcommands)? = command["subcommands"] else { return command }
        for index in subcommands.indices {
            guard case .string(let name)? = subcommands[index]["commandName"] else { continue }
            let subpath = path + [name]
            subcommands[index] = replacingDeclaredOptions(in: subcommands[index], path: subpath, declared: declared)
            guard let options = declared[subpath] else { continue }
            // swift-argument-parser's own entries (--help, --version) stay; the passthrough goes.
            var kept: [JSONValue] = []
            if case .array(let arguments)? = subcommands[index]["arguments"] {
                kept = arguments.filter { argument in
                    guard case .object(let preferred)? = argument["preferredName"],
                        case .string(let name)? = preferred["name"]
                    else { return false }
                    return ["help", "h", "version"].contains(name)
                }
            }
            subcommands[index]["arguments"] = .array(options.map(describe) + kept)
        }
        var command = command
        command["subcommands"] = .array(subcommands)
        return command
    }

    /// One option as swift-argument-parser describes an argument.
    private static func describe(_ option: CommandOption) -> JSONValue {
        var names: [JSONValue] = []
        if let short = option.short { names.append(name("short", String(short))) }
        if !option.isArgument { names.append(name("long", option.flag)) }
        var entry: [String: JSONValue] = [
            "kind": .string(option.isArgument ? "positional" : option.isFlag ? "flag" : "option"),
            "shouldDisplay": .bool(true),
            "isOptional": .bool(true),
            "isRepeating": .bool(option.setting.repeats),
            "parsingStrategy": .string("default"),
            "valueName": .string(option.valueName),
            "abstract": .string(option.setting.help),
        ]
        if !names.isEmpty {
            entry["names"] = .array(names)
            entry["preferredName"] = name("long", option.flag)
        }
        if let group = option.setting.group { entry["sectionTitle"] = .string(group) }
        if let shown = option.setting.shownDefault { entry["defaultValue"] = .string(shown) }
        if let choices = option.setting.kind.choices { entry["allValues"] = .array(choices.map(JSONValue.string)) }
        return .object(entry)
    }

    private static func name(_ kind: String, _ name: String) -> JSONValue {
        .object(["kind": .string(kind), "name": .string(name)])
    }
}
