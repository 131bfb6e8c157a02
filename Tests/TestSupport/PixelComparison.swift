/// Per-pixel comparison of two RGBA8 images of the same size, for golden-image tests.
package struct PixelComparison: Sendable, CustomStringConvertible {
    /// Pixels whose largest channel difference is over the tolerance.
    package var differingPixels: Int
    /// The largest channel difference anywhere.
    package var largestDifference: Int
    /// All pixels compared.
    package var pixelCount: Int

    /// Compares `actual` with `expected` (both `width * height * 4` bytes), counting pixels where
    /// any channel differs by more than `tolerance`.
    package init(_ actual: [UInt8], _ expected: [UInt8], tolerance: Int) {
        precondition(actual.count == expected.count, "images of different sizes")
        var differing = 0
        var largest = 0
        var index = 0
        while index < actual.count {
            var pixelLargest = 0
            for channel in 0..<4 {
                pixelLargest = max(pixelLargest, abs(Int(actual[index + channel]) - Int(expected[index + channel])))
            }
            if pixelLargest > tolerance { differing += 1 }
            largest = max(largest, pixelLargest)
            index += 4
        }
        differingPixels = differing
        largestDifference = largest
        pixelCount = actual.count / 4
    }

    /// The share of pixels over the tolerance, 0...1.
    package var differingShare: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }

    package var description: String {
        "\(differingPixels) of \(pixelCount) pixels differ (largest channel difference \(largestDifference))"
    }

    /// Averages `factor` x `factor` blocks of an RGBA8 image: a smaller image to store and compare.
    package static func downscale(
        _ pixels: [UInt8],
        width: Int,
        height: Int,
        by factor: Int
    ) -> (
        pixels: [UInt8], width: Int, height: Int
    ) {
        let newWidth = width / factor
        let newHeight = height / factor
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let area = factor * factor
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                for channel in 0..<4 {
                    var sum = 0
                    for dy in 0..<factor {
                        let row = (y * factor + dy) * width
                        for dx in 0..<factor { sum += Int(pixels[(row + x * factor + dx) * 4 + channel]) }
                    }
                    result[(y * newWidth + x) * 4 + channel] = UInt8((sum + area / 2) / area)
                }
            }
        }
        return (result, newWidth, newHeight)
    }
}
