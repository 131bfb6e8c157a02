import Foundation
import ImagePipeline
import TestSupport
import Testing

/// Issue 28's card items through the built binary: a Japanese card speaks Japanese around the
/// user's text, and a private card is laid out again without its hidden parts.
@Suite struct CardLanguageAndLayoutEndToEndTests {
    let folder = TemporaryFolder("cli-card-language")

    @Test func aJapaneseCardHasJapaneseWordsNumbersAndDates() async throws {
        let spec = #"""
            {"kind":"streak","language":"ja","app":{"name":"ハビット"},"fields":{"days":30,"total":1420,"calendar":[true,false,true]}}
            """#
        let run = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("ja.png")],
            input: Array(spec.utf8)
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("share text: ハビットで30日連続！🔥 継続は力なり。"), "\(run.stdout)")
        #expect(run.stdout.contains("alt text: 連続記録カード: 30日連続、"), "\(run.stdout)")
        #expect(run.stdout.contains("合計 1,420"), "\(run.stdout)")
        for english in ["day streak", "Streak card", "Total", "days done"] {
            #expect(!run.stdout.contains(english), "'\(english)' in \(run.stdout)")
        }
        let arabic =
            #"{"kind":"challenge","language":"ar","app":{"name":"عادات"},"fields":{"badge":"🏅","name":"تحدي","date":"2026-11-25","points":123}}"#
        let ar = try await ShareviaProcess.run(
            ["card", "render", "-", "-o", folder.file("ar.png")],
            input: Array(arabic.utf8)
        )
        #expect(ar.status == 0, "\(ar.stderr)")
        #expect(ar.stdout.contains("+١٢٣ نقطة") && ar.stdout.contains("٢٥ نوفمبر ٢٠٢٦"), "\(ar.stdout)")
    }

    /// The tallest band of background-only rows above the footer of a story card's PNG.
    static func largestEmptyBand(_ image: RGBAImage) -> Int {
        let bottom = image.height * 85 / 100
        var largest = 0
        var run = 0
        for y in 0..<bottom {
            let row = y * image.width * 4
            var empty = true
            for x in 1..<image.width where empty {
                for channel in 0..<3
                where abs(Int(image.pixels[row + x * 4 + channel]) - Int(image.pixels[row + channel])) > 2 {
                    empty = false
                }
            }
            run = empty ? run + 1 : 0
            largest = max(largest, run)
        }
        return largest
    }

    /// Each example card rendered private at story size has no taller empty band than the
    /// emptiest public example (with 4 hundredths of the short side of slack, as
    /// `PrivateReflowTests` allows). Laid out with room for the hidden parts, the private cards
    /// had bands hundreds of rows taller.
    @Test func aPrivateCardIsNoEmptierThanThePublicOnes() async throws {
        let kinds = ["achievement", "challenge", "level-up", "personal-record", "progress", "statistics", "streak"]
        var open: [String: Int] = [:]
        var hidden: [String: Int] = [:]
        for kind in kinds {
            let spec = PackageRoot.path + "/examples/cards/\(kind).json"
            for isPrivate in [false, true] {
                let name = "\(kind)-\(isPrivate).png"
                let run = try await ShareviaProcess.run(
                    ["card", "render", spec, "-o", folder.file(name), "--size", "story"]
                        + (isPrivate ? ["--private"] : [])
                )
                #expect(run.status == 0, "\(run.stderr)")
                let band = Self.largestEmptyBand(try PNGDecoder().decode(path: folder.file(name)))
                if isPrivate { hidden[kind] = band } else { open[kind] = band }
            }
        }
        let bound = open.values.max()! + 44
        for (kind, band) in hidden {
            #expect(band <= bound, "\(kind): private band \(band) rows; public ones \(open)")
        }
    }
}
