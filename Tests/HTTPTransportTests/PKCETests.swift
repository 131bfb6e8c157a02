import ProcessRunning
import ShareCore
import TestSupport
import Testing

@testable import HTTPTransport

/// The pure-Swift SHA-256 against FIPS 180-4's examples and Python's hashlib, and PKCE S256
/// against RFC 7636's example.
@Suite struct PKCETests {
    @Test func sha256MatchesTheFIPSExamples() {
        #expect(SHA256Digest.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(
            SHA256Digest.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(
            SHA256Digest.hex(
                Array(
                    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
                        .utf8
                )
            ) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        )
        #expect(
            SHA256Digest.hex(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    /// Every length from 0 to 300 (each side of every 64-byte block and padding boundary), seeded
    /// random bytes, against `hashlib.sha256` in one Python run.
    @Test func sha256AgreesWithPythonsHashlibOnEveryLengthTo300() async throws {
        var generator = SeededGenerator(seed: 0x5348_4132_3536)
        let inputs: [[UInt8]] = (0...300).map { length in
            (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        }
        let hexInput = inputs.map { bytes in bytes.map { String(format2: $0) }.joined() }.joined(separator: "\n") + "\n"
        let script = """
            import hashlib, sys
            for line in sys.stdin.read().split("\\n")[:-1]:
                print(hashlib.sha256(bytes.fromhex(line)).hexdigest())
            """
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", script],
            input: Array(hexInput.utf8),
            timeout: .seconds(60)
        )
        #expect(output.exitStatus == 0, "\(output.errorText)")
        let expected = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(expected.count == inputs.count)
        for (length, bytes) in inputs.enumerated() where length < expected.count {
            #expect(SHA256Digest.hex(bytes) == expected[length], "length \(length)")
        }
    }

    @Test func theChallengeOfRFC7636sExampleVerifier() throws {
        let pair = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(pair.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
        #expect(pair.verifier.description == "<redacted>")
    }

    @Test func aGeneratedVerifierIs43UnreservedCharactersFrom32RandomBytes() throws {
        var generator = SeededGenerator(seed: 7)
        let first = PKCE(using: &generator)
        let second = PKCE(using: &generator)
        for pair in [first, second, PKCE(), PKCE()] {
            let verifier = pair.verifier.revealed()
            #expect(verifier.utf8.count == 43 && PKCE.isValidVerifier(verifier))
            #expect(pair.challenge == PKCE.challenge(for: verifier) && pair.challenge.utf8.count == 43)
            #expect(!pair.challenge.contains("=") && !pair.challenge.contains("+") && !pair.challenge.contains("/"))
        }
        #expect(first.verifier != second.verifier)
        #expect(PKCE().verifier != PKCE().verifier)
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 42), String(repeating: "a", count: 129),
        String(repeating: "a", count: 42) + "+", String(repeating: "a", count: 42) + "=",
        String(repeating: "a", count: 42) + " ",
    ])
    func aVerifierOutsideRFC7636sRulesIsRefused(verifier: String) {
        #expect(PKCE(verifier: verifier) == nil)
    }

    @Test func base64URLEncodesEveryTailLength() {
        #expect(Base64URL.encode([]) == "")
        #expect(Base64URL.encode([0xFB]) == "-w")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encode(Array("any carnal pleasure".utf8)) == "YW55IGNhcm5hbCBwbGVhc3VyZQ")
    }
}

extension String {
    fileprivate init(format2 byte: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
