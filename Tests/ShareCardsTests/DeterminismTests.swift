import ShareCards
import Testing

/// Rendering is a pure function of the spec: no clock, no randomness, no thread-dependent state.
struct DeterminismTests {
    @Test(arguments: [CardSize.story, .landscape])
    func twoRendersAreByteIdentical(size: CardSize) throws {
        var spec = SampleSpecs.spec(.streak)
        spec.size = size
        let first = try CardRenderer().render(spec).png()
        let second = try CardRenderer().render(spec).png()
        #expect(first == second)
        #expect(first.count > 1000)
    }

    @Test func aSeeThroughBackgroundIsDrawnOpaque() throws {
        // A caller's own theme may have see-through colours; the canvas starts undefined, so a
        // see-through background would let whatever memory held show through, differently
        // each time. It is drawn opaque: the same pixels as the opaque colours give.
        var spec = SampleSpecs.spec(.streak)
        let opaque = CardTheme.dark
        spec.theme = CardTheme(
            name: "custom",
            top: opaque.top.withOpacity(0.5),
            bottom: opaque.bottom.withOpacity(0.2),
            accent: opaque.accent,
            text: opaque.text
        )
        let seeThrough = try CardRenderer().render(spec).png()
        spec.theme = CardTheme(
            name: "custom",
            top: opaque.top,
            bottom: opaque.bottom,
            accent: opaque.accent,
            text: opaque.text
        )
        let expected = try CardRenderer().render(spec).png()
        let same = seeThrough == expected
        #expect(same)
    }
}
