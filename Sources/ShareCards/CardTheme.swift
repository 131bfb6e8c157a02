/// A card's colours: a vertical background gradient, an accent, and the text colour.
package struct CardTheme: Sendable, Hashable {
    /// The preset's name (`dark`), or `custom`.
    package var name: String
    /// The gradient's top colour.
    package var top: CardColor
    /// The gradient's bottom colour.
    package var bottom: CardColor
    /// Badges, rings, bars and highlights.
    package var accent: CardColor
    /// Headline and body text; secondary text is this at lower opacity.
    package var text: CardColor

    /// A theme from its colours.
    package init(name: String, top: CardColor, bottom: CardColor, accent: CardColor, text: CardColor) {
        self.name = name
        self.top = top
        self.bottom = bottom
        self.accent = accent
        self.text = text
    }

    private static func preset(
        _ name: String,
        _ top: String,
        _ bottom: String,
        _ accent: String,
        _ text: String
    )
        -> CardTheme
    {
        // The literals below are valid by construction; a typo fails every render test.
        CardTheme(
            name: name,
            top: CardColor(hex: top)!,
            bottom: CardColor(hex: bottom)!,
            accent: CardColor(hex: accent)!,
            text: CardColor(hex: text)!
        )
    }

    /// Dark: #1A1A2E to #16213E, accent #FF6B35.
    package static let dark = preset("dark", "#1A1A2E", "#16213E", "#FF6B35", "#FFFFFF")
    /// Light: #FFFFFF to #F5F5F5, accent #FF6B35, text #1A1A2E.
    package static let light = preset("light", "#FFFFFF", "#F5F5F5", "#FF6B35", "#1A1A2E")
    /// Midnight: #0D1B2A to #1B263B, accent #00D4FF.
    package static let midnight = preset("midnight", "#0D1B2A", "#1B263B", "#00D4FF", "#FFFFFF")
    /// Forest: #1B4332 to #2D6A4F, accent #95D5B2.
    package static let forest = preset("forest", "#1B4332", "#2D6A4F", "#95D5B2", "#FFFFFF")
    /// Sunset: #FF6B35 to #F7931E, accent #FFFFFF.
    package static let sunset = preset("sunset", "#FF6B35", "#F7931E", "#FFFFFF", "#FFFFFF")
    /// Berry: #4A0E4E to #81267E, accent #FF85A1.
    package static let berry = preset("berry", "#4A0E4E", "#81267E", "#FF85A1", "#FFFFFF")
    /// Ocean: #023E8A to #0077B6, accent #90E0EF.
    package static let ocean = preset("ocean", "#023E8A", "#0077B6", "#90E0EF", "#FFFFFF")
    /// Slate: #2B2D42 to #3D405B, accent #F4A261, text #EDF2F4.
    package static let slate = preset("slate", "#2B2D42", "#3D405B", "#F4A261", "#EDF2F4")

    /// The eight presets, in the order contact sheets show them.
    package static let presets: [CardTheme] = [dark, light, midnight, forest, sunset, berry, ocean, slate]

    /// The preset with this name (case-insensitive), if any.
    package static func named(_ name: String) -> CardTheme? {
        presets.first { $0.name == name.lowercased() }
    }

    /// What text on an accent fill is drawn in: near-black on a light accent, white on a dark one.
    var onAccent: CardColor {
        let luminance = 0.2126 * Double(accent.red) + 0.7152 * Double(accent.green) + 0.0722 * Double(accent.blue)
        return luminance > 150
            ? CardColor(red: 0x1A, green: 0x1A, blue: 0x2E) : CardColor(red: 255, green: 255, blue: 255)
    }
}
