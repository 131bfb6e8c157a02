import ArgumentParser
import ShareCards

/// `sharevia card schema`: print the card spec's JSON Schema.
struct CardSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of card specs (also in schemas/card-v1.schema.json)."
    )

    func run() {
        StandardStreams.write(CardSchema.json + "\n")
    }
}
