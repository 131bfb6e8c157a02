import ArgumentParser

/// The share command's card option: draw a card from a spec and share it in one step.
struct CardOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Draw the card in this spec (see 'sharevia card') at each destination's size and share it with "
                + "the kind's share text (--text replaces it).",
            valueName: "spec.json"
        )
    )
    var card: String?
}
