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
}
