import Foundation
import ProcessRunning
import ShareCards
import TestSupport
import Testing

/// The published JSON Schema and the parser agree: Python's jsonschema (Debian's
/// python3-jsonschema, Draft 2020-12) accepts every example spec and refuses the bad ones the
/// parser refuses.
struct SchemaAgreementTests {
    static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = list(validator.iter_errors(json.load(open(path))))
            print(path.rsplit("/", 1)[-1], "valid" if not errors else "invalid")
        """

    static let bad = [
        #"{"kind":"quest","app":{"name":"A"},"fields":{}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{"days":"30"}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"theme":{"accent":"orange"}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30,"dayz":1}}"#,
        #"{"kind":"streak","fields":{"days":30}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{"days":30},"size":"99999x99999"}"#,
        #"{"kind":"progress","app":{"name":"A"},"fields":{"current":3,"target":0}}"#,
        #"{"kind":"progress","app":{"name":"A"},"fields":{"current":3e102,"target":7}}"#,
        #"{"kind":"streak","app":{"name":"A"},"fields":{"days":1000000000000}}"#,
    ]

    @Test func examplesAreValidAndBadSpecsInvalidForBoth() async throws {
        let folder = TemporaryFolder("card-schema")
        defer { folder.remove() }
        let examples = PackageRoot.path + "/examples/cards"
        var paths = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".json") }
            .sorted().map { "\(examples)/\($0)" }
        let goodCount = paths.count
        for (index, json) in Self.bad.enumerated() {
            paths.append(try folder.write(Array(json.utf8), named: "bad-\(index).json"))
        }
        let output = try await ProcessRunner().run(
            "/usr/bin/python3",
            arguments: ["-c", Self.script, PackageRoot.path + "/schemas/card-v1.schema.json"] + paths,
            timeout: .seconds(60)
        )
        #expect(output.exitStatus == 0, "\(String(decoding: output.standardError, as: UTF8.self))")
        let verdicts = String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n")
        try #require(verdicts.count == paths.count)
        for (index, path) in paths.enumerated() {
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let parsed = (try? CardSpecParser.parse(Array(bytes))) != nil
            let expected = index < goodCount ? "valid" : "invalid"
            #expect(verdicts[index].hasSuffix(" \(expected)"), "schema: \(verdicts[index])")
            #expect(parsed == (index < goodCount), "parser on \(path)")
        }
    }
}
