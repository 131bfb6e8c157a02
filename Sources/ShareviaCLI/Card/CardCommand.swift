import ArgumentParser

/// `sharevia card`: render share cards from JSON specs.
///
/// Exit codes: 0 on success; 64 for a usage error or a spec file that is missing or unreadable;
/// 65 for a spec that is not valid (the message names the file, the JSON path and the rule), a
/// character no font has, or an output that can't be written; 1 when Cairo or Pango is missing.
struct CardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Render share cards (achievement, streak, level-up and more) from a JSON spec.",
        discussion: """
            A spec names the kind, its fields, the theme, the size and the app's footer; \
            'sharevia card schema' prints its JSON Schema. Text is set with Pango and Noto fonts \
            (any script, colour emoji) and shrinks to fit its box.

            EXAMPLES
              sharevia card render streak.json -o card.png
              sharevia card render streak.json -o x.png --size landscape --private
              sharevia card themes streak.json -o sheet.png
              sharevia --to instagram --card streak.json
            """,
        subcommands: [CardRenderCommand.self, CardThemesCommand.self, CardSchemaCommand.self]
    )
}
