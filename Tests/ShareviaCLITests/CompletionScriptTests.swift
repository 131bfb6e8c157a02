import Foundation
import ProcessRunning
import ShareCore
import TestSupport
import Testing

@testable import ShareviaCLI

/// The completion scripts of the share command and `sharevia destinations` complete as c0dfc01's
/// did (before issue 24's one reader): each option by name, with its description in zsh and fish,
/// and a choice's values after it. The fixtures are c0dfc01's scripts for those two commands.
@Suite struct CompletionScriptTests {
    static let shells = ["bash", "zsh", "fish"]

    /// Lines that list every option at once; options added since c0dfc01 may stand among them.
    static let listPrefixes = [
        "repeating_flags=(", "non_repeating_flags=(", "repeating_options=(", "non_repeating_options=(",
        "__sharevia_parse_subcommand",
    ]

    @Test(arguments: shells)
    func theShareAndDestinationsEntriesAreC0dfc01s(shell: String) async throws {
        let run = try await ShareviaProcess.run(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.stderr)")
        let fixture = "\(PackageRoot.path)/Tests/ShareviaCLITests/Fixtures/completion-c0dfc01.\(shell)"
        let old = try String(contentsOfFile: fixture, encoding: .utf8)
        let missing = Self.missing(from: run.stdout, pinned: old)
        #expect(missing.isEmpty, "\(shell): not as c0dfc01 wrote it:\n\(missing.joined(separator: "\n"))")
    }

    /// Bash, given the script, offers a choice's values after it, and option names elsewhere.
    @Test func bashCompletesTheValuesOfAChoice() async throws {
        let folder = TemporaryFolder("completion")
        let script = try await ShareviaProcess.run(["--generate-completion-script", "bash"]).stdout
        let path = try folder.write(Array(script.utf8), named: "sharevia.bash")
        func complete(_ words: [String]) async throws -> [String] {
            let line = words.joined(separator: " ")
            let shell = """
                source "$1"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _sharevia sharevia "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let output = try await ProcessRunner().run("/bin/bash", arguments: ["-c", shell, "bash", path] + words)
            #expect(output.succeeded, "\(line): \(output.errorText)")
            return String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(
            try await complete(["sharevia", "share", "--to", "file", "--selection", ""]) == ["clipboard", "primary"]
        )
        #expect(try await complete(["sharevia", "share", "--smtp-tls", "o"]) == ["opportunistic"])
        #expect(
            try await complete(["sharevia", "destinations", "--clipboard-backend", "x"]) == ["x11", "xclip", "xsel"]
        )
        #expect(try await complete(["sharevia", "share", "--to", "file", "--sel"]) == ["--selection"])
    }

    /// A choice added since c0dfc01 completes its values too, in every shell.
    @Test(arguments: shells)
    func everyDeclaredChoiceCompletesItsValues(shell: String) async throws {
        let script = try await ShareviaProcess.run(["--generate-completion-script", shell]).stdout
        for option in CommandOptions.share + CommandOptions.destinations {
            guard let values = option.setting.kind.choices else { continue }
            let shown = "--\(option.flag) doesn't complete \(values)"
            switch shell {
            case "bash":
                let entry =
                    "'--\(option.flag)')\n        __sharevia_add_completions -W "
                    + values.map { "'\($0)'" }.joined(separator: "$'\\n'")
                let found = script.contains(entry)
                #expect(found, "bash: \(shown)")
            case "zsh":
                let name = "___" + option.flag.replacingOccurrences(of: "-", with: "_")
                let array = "local -ar \(name)=(" + values.map { "'\($0)'" }.joined(separator: " ") + ")"
                let found = script.contains(array) && script.contains(":{__sharevia_complete \"${\(name)[@]}\"}'")
                #expect(found, "zsh: \(shown)")
            default:
                let line = script.split(separator: "\n").first { $0.contains("-l '\(option.flag)' -d '") }
                #expect(line?.hasSuffix("-rfka '\(values.joined(separator: " "))'") == true, "fish: \(shown)")
            }
        }
    }

    /// The options whose values complete since issue 28 (c0dfc01's scripts completed nothing
    /// after them): destination ids, files, folders and kinds. Their entries are checked by
    /// InteractiveCompletionTests instead.
    static let completedSinceIssue28 = [
        "to", "fallback", "unavailable", "out", "smtp-ca-file", "card", "kind", "config",
    ]

    /// Whether a piece of c0dfc01's script is one issue 28 changed: an entry of those options,
    /// or the share command's files argument.
    static func changedByIssue28(_ piece: String) -> Bool {
        let trimmed = piece.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("'*:file:") { return true }
        return completedSinceIssue28.contains { flag in
            trimmed.hasPrefix("'--\(flag)')") || trimmed.hasPrefix("'--\(flag)[") || trimmed.hasPrefix("'*--\(flag)[")
                || piece.contains(" -l '\(flag)' ")
        }
    }

    /// The pieces of `pinned` that `script` lacks: a bash `case` entry is one piece; a line that
    /// lists every option must keep c0dfc01's words in their order; any other line must stand
    /// in `script` as it is. Pieces issue 28 changed are left out (``changedByIssue28(_:)``).
    static func missing(from script: String, pinned: String) -> [String] {
        let lines = pinned.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let current = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var missing: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("'--") && trimmed.hasSuffix("')") {
                let end = lines[index...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == ";;" } ?? index
                let entry = lines[index...end].joined(separator: "\n")
                if !script.contains(entry) && !changedByIssue28(entry) { missing.append(entry) }
                index = end + 1
                continue
            }
            if listPrefixes.contains(where: trimmed.hasPrefix) {
                if !listKeepsItsWords(at: index, of: lines, in: current) { missing.append(line) }
            } else if !trimmed.isEmpty && !current.contains(line) && !changedByIssue28(line) {
                missing.append(line)
            }
            index += 1
        }
        return missing
    }

    /// Whether the list line at `index` of `lines` stands in `current` at the same distance from
    /// the line it follows, with c0dfc01's words in their order (options added since may stand
    /// among them or after them).
    private static func listKeepsItsWords(at index: Int, of lines: [String], in current: [String]) -> Bool {
        var anchor = index - 1
        while anchor >= 0, listPrefixes.contains(where: lines[anchor].trimmingCharacters(in: .whitespaces).hasPrefix) {
            anchor -= 1
        }
        guard anchor >= 0, let found = current.firstIndex(of: lines[anchor]),
            found + index - anchor < current.count
        else { return false }
        let counterpart = current[found + index - anchor]
        // A list's closing parenthesis is not part of its last word: an option added last stands
        // before it.
        func words(_ line: String) -> [Substring] {
            line.split(separator: " ").map { $0.hasSuffix(")") && $0.count > 1 ? $0.dropLast() : $0 }
        }
        let oldWords = words(lines[index])
        var newWords = words(counterpart)[...]
        guard oldWords.first == newWords.first else { return false }
        for word in oldWords {
            guard let at = newWords.firstIndex(of: word) else { return false }
            newWords = newWords[newWords.index(after: at)...]
        }
        return true
    }
}
