import ArgumentParser
import ShareCards

/// `--theme`, `--size` and `--private`: what the card commands may change in a spec.
struct CardLookOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A preset theme instead of the spec's: dark, light, midnight, forest, sunset, berry, ocean or slate.",
            valueName: "name"
        ),
        completion: .list(CardTheme.presets.map(\.name))
    )
    var theme: String?

    @Option(
        help: ArgumentHelp(
            "The size instead of the spec's: story (1080x1920), square, landscape (1200x675), link (1200x630) or WxH.",
            valueName: "size"
        )
    )
    var size: String?

    @Flag(name: .customLong("private"), help: "Hide exact values: percentages and relative progress only.")
    var isPrivate = false

    func validate() throws {
        if let theme, CardTheme.named(theme) == nil {
            let names = CardTheme.presets.map(\.name)
            let suggestion = DidYouMean.closest(to: theme, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw ValidationError(
                "--theme '\(theme)' is not a theme; \(suggestion)use one of: \(names.joined(separator: ", "))"
            )
        }
        if let size { _ = try Self.parsedSize(size) }
    }

    /// `--size`'s value as a size.
    ///
    /// - Throws: `ValidationError` saying what sizes are accepted.
    static func parsedSize(_ text: String) throws -> CardSize {
        do throws(CardError) {
            return try CardSize(parsing: text)
        } catch {
            throw ValidationError("--size: \(error.message)")
        }
    }

    /// The spec with these options applied.
    func apply(to spec: CardSpec) -> CardSpec {
        var spec = spec
        if let theme, let preset = CardTheme.named(theme) { spec.theme = preset }
        if let size, let parsed = try? Self.parsedSize(size) { spec.size = parsed }
        if isPrivate { spec.isPrivate = true }
        return spec
    }
}
