import Foundation
import ProcessRunning
import TestSupport
import Testing

@testable import TextFitting

/// sharevia's SMS counts against two Python implementations, run in this test: the `gsm0338`
/// codec (encodability and septets) and `smsutil` (encodability and parts), both from PyPI,
/// installed by `scripts/install-deps.sh test` into `.build-venv`.
///
/// Where the two libraries agree with each other, sharevia must agree with them, except in two
/// documented cases where both differ from what carriers and handsets do:
/// 1. **A lone escape (U+001B).** Both libraries take it as a GSM character costing one septet.
///    In GSM 03.38, 0x1B is the escape to the extension table: a receiving handset reads it with
///    the next septet as an extension pair, so a text can't carry it. sharevia (like Twilio's
///    calculator) counts it as non-GSM, so the message is UCS-2.
/// 2. **A grapheme cluster across a UCS-2 part boundary.** smsutil splits UCS-2 text between any
///    two code points (keeping only surrogate pairs whole), so a flag, a ZWJ sequence, a skin tone
///    or a combining accent can be cut in two parts that arrive and render separately. sharevia
///    (like Twilio's calculator) moves the whole cluster to the next part, which can take one
///    part more. Each such difference must show a smsutil boundary inside a cluster.
@Suite struct SMSReferenceTests {
    struct Reference: Decodable {
        var gsm0338: Bool
        var septets: Int?
        var smsutil: Bool
        var parts: Int
        var partLengths: [Int]
    }

    static var python: String { "\(PackageRoot.path)/.build-venv/bin/python" }

    static func references(for texts: [String]) async throws -> [Reference] {
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "\(python) is missing: run scripts/install-deps.sh test (it creates the venv with gsm0338 and smsutil)"
        )
        let encoder = JSONEncoder()
        var input: [UInt8] = []
        for text in texts {
            input += try encoder.encode(text)
            input.append(0x0A)
        }
        let output = try await ProcessRunner().run(
            ProcessInvocation(
                executable: python,
                arguments: ["\(PackageRoot.path)/scripts/sms-reference.py"],
                standardInput: .bytes(input),
                timeout: .seconds(120)
            )
        )
        try #require(
            output.succeeded,
            "sms-reference.py failed: \(String(decoding: output.standardError, as: UTF8.self))"
        )
        let decoder = JSONDecoder()
        return try output.standardOutput.split(separator: 0x0A).map {
            try decoder.decode(Reference.self, from: Data($0))
        }
    }

    /// True when a boundary between smsutil's parts (code point offsets) falls inside a grapheme cluster.
    static func cutsACluster(_ text: String, partLengths: [Int]) -> Bool {
        var clusterEnds = Set<Int>()
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            clusterEnds.insert(offset)
        }
        var boundary = 0
        for length in partLengths.dropLast() {
            boundary += length
            if !clusterEnds.contains(boundary) { return true }
        }
        return false
    }

    @Test func agreesWithGsm0338AndSmsutilWhereTheyAgree() async throws {
        var generator = SMSTextGenerator(seed: 20_261_122)
        let texts = (0..<3000).map { _ in generator.message() } + SMSCountingTests.table.map(\.text)
        let references = try await Self.references(for: texts)
        try #require(references.count == texts.count)
        var librariesDisagree = 0
        var escapes = 0
        var clustersCut = 0
        var compared = 0
        for (text, reference) in zip(texts, references) {
            let count = SMSSegmentCounter.count(text)
            let ours = count.encoding == .gsm7
            guard reference.gsm0338 == reference.smsutil else {
                // smsutil's alphabet check is a regular expression with `+`, so it calls the empty
                // text non-GSM; gsm0338 encodes it to nothing. The only disagreement expected.
                #expect(text.isEmpty, "the libraries disagree on \(text.debugDescription)")
                #expect(count == SMSCount(encoding: .gsm7, units: 0, segments: 1, unitsLeftInLastSegment: 160))
                librariesDisagree += 1
                continue
            }
            compared += 1
            if text.unicodeScalars.contains("\u{1B}") {
                // Exception 1: both libraries take a lone escape as GSM; a handset can't receive one.
                #expect(!ours, "\(text.debugDescription): a lone escape must make it UCS-2")
                let withoutEscape = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{1B}" }))
                #expect(GSM7Alphabet.canEncode(withoutEscape) == reference.gsm0338)
                escapes += 1
                continue
            }
            #expect(ours == reference.gsm0338, "encodability of \(text.debugDescription)")
            if ours {
                #expect(count.units == reference.septets, "septets of \(text.debugDescription)")
            }
            if count.segments != reference.parts {
                // Exception 2: smsutil cut a grapheme cluster between two UCS-2 parts.
                #expect(count.encoding == .ucs2, "GSM-7 parts of \(text.debugDescription)")
                #expect(
                    Self.cutsACluster(text, partLengths: reference.partLengths),
                    "\(text.debugDescription): sharevia \(count.segments) parts, smsutil \(reference.parts), no cluster cut"
                )
                #expect(count.segments == reference.parts + 1 || count.segments > reference.parts)
                clustersCut += 1
            }
        }
        // The libraries share one alphabet, so they disagree only on empty texts.
        #expect(compared + librariesDisagree == texts.count)
        #expect(compared > 2500)
        // Both exceptions occur in the generated strings, so both checks above ran.
        #expect(escapes > 0)
        #expect(clustersCut > 0)
        print(
            "SMS reference: \(compared) strings compared (\(librariesDisagree) empty); \(escapes) lone escapes, \(clustersCut) clusters cut by smsutil"
        )
    }
}
