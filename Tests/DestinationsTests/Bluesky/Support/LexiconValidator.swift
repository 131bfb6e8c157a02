import Foundation
import TestSupport

/// A small Lexicon validator for the tests: loads the lexicon documents from the fixtures and
/// checks a JSON value against a definition, the way a PDS does before it stores a record.
///
/// It knows the types the post's lexicons use (object, string with `maxLength` in UTF-8 bytes,
/// `maxGraphemes` and `format`, integer with `minimum`/`maximum`, boolean, array with
/// `maxLength`, ref, open and closed union, blob with `accept` and `maxSize`, unknown), and it
/// refuses a property a definition does not declare, which a PDS would keep but which would
/// mean sharevia wrote something the lexicon doesn't describe. Formats are checked with
/// regular expressions written from the syntax pages, independently of sharevia's checks.
struct LexiconValidator {
    struct Problem: Error, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "\(path): \(message)" }
    }

    static let fixtures = "\(PackageRoot.path)/Tests/DestinationsTests/Bluesky/Fixtures/atproto"

    private var documents: [String: [String: Any]] = [:]

    /// Loads every lexicon under the fixtures.
    init() throws {
        let root = URL(fileURLWithPath: "\(Self.fixtures)/lexicons")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "json" {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
            documents[document["id"] as! String] = document
        }
    }

    /// Checks a record (with its `$type`) against its collection's record definition.
    func validateRecord(_ json: Data) throws {
        let value = try JSONSerialization.jsonObject(with: json)
        guard let object = value as? [String: Any], let type = object["$type"] as? String else {
            throw Problem(path: "$", message: "a record is an object with a $type")
        }
        let main = try definition("\(type)#main")
        guard main["type"] as? String == "record", let record = main["record"] as? [String: Any] else {
            throw Problem(path: "$.$type", message: "\(type) is not a record type")
        }
        try validate(object, against: record, lexicon: type, path: "$", typed: type)
    }

    /// Checks a procedure's input body.
    func validateInput(_ json: Data, of procedure: String) throws {
        let main = try definition("\(procedure)#main")
        let schema = (main["input"] as! [String: Any])["schema"] as! [String: Any]
        try validate(try JSONSerialization.jsonObject(with: json), against: schema, lexicon: procedure, path: "$")
    }

    /// Checks a query's parameters (as the URL's query gives them, all strings) against its
    /// `parameters` definition: every required one present, none undeclared, each in its format.
    func validateParameters(_ query: [String: String], of method: String) throws {
        let main = try definition("\(method)#main")
        var schema = main["parameters"] as! [String: Any]
        schema["type"] = "object"
        try validate(query, against: schema, lexicon: method, path: "?")
    }

    /// Checks a procedure's output body.
    func validateOutput(_ json: Data, of procedure: String) throws {
        let main = try definition("\(procedure)#main")
        let schema = (main["output"] as! [String: Any])["schema"] as! [String: Any]
        try validate(try JSONSerialization.jsonObject(with: json), against: schema, lexicon: procedure, path: "$")
    }

    private func definition(_ reference: String) throws -> [String: Any] {
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        let name = parts.count == 2 ? parts[1] : "main"
        guard let document = documents[parts[0]], let defs = document["defs"] as? [String: Any],
            let def = defs[name] as? [String: Any]
        else { throw Problem(path: reference, message: "no such lexicon definition in the fixtures") }
        return def
    }

    /// `#name` in `lexicon`, `nsid#name` or `nsid`, as a full reference.
    private func resolve(_ reference: String, in lexicon: String) -> String {
        if reference.hasPrefix("#") { return lexicon + reference }
        return reference.contains("#") ? reference : reference + "#main"
    }

    private func validate(
        _ value: Any,
        against schema: [String: Any],
        lexicon: String,
        path: String,
        typed: String? = nil
    ) throws {
        let type = schema["type"] as! String
        switch type {
        case "object":
            guard let object = value as? [String: Any] else { throw Problem(path: path, message: "is not an object") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for required in schema["required"] as? [String] ?? [] where object[required] == nil {
                throw Problem(path: "\(path).\(required)", message: "is required")
            }
            for (key, item) in object {
                if key == "$type" {
                    if let typed, item as? String != typed {
                        throw Problem(path: "\(path).$type", message: "is \(item), not \(typed)")
                    }
                    continue
                }
                guard let property = properties[key] as? [String: Any] else {
                    throw Problem(path: "\(path).\(key)", message: "is not declared by the lexicon")
                }
                if item is NSNull { throw Problem(path: "\(path).\(key)", message: "is null") }
                try validate(item, against: property, lexicon: lexicon, path: "\(path).\(key)")
            }
        case "ref":
            let reference = resolve(schema["ref"] as! String, in: lexicon)
            let target = try definition(reference)
            let targetLexicon = String(reference.split(separator: "#")[0])
            if let object = value as? [String: Any], let given = object["$type"] as? String {
                let expected = reference.hasSuffix("#main") ? String(reference.dropLast(5)) : reference
                guard given == expected else { throw Problem(path: path, message: "$type \(given), not \(expected)") }
            }
            try validate(value, against: target, lexicon: targetLexicon, path: path)
        case "union":
            guard let object = value as? [String: Any], let given = object["$type"] as? String else {
                throw Problem(path: path, message: "a union member needs a $type")
            }
            let references = (schema["refs"] as! [String]).map { resolve($0, in: lexicon) }
            guard let match = references.first(where: { $0 == given || $0 == given + "#main" }) else {
                if schema["closed"] as? Bool == true {
                    throw Problem(path: path, message: "$type \(given) is not allowed")
                }
                throw Problem(path: path, message: "$type \(given) is not one the tests know (open union)")
            }
            let target = try definition(match)
            try validate(
                value,
                against: target,
                lexicon: String(match.split(separator: "#")[0]),
                path: path,
                typed: given
            )
        case "string":
            guard let string = value as? String else { throw Problem(path: path, message: "is not a string") }
            if let maximum = schema["maxLength"] as? Int, string.utf8.count > maximum {
                throw Problem(path: path, message: "\(string.utf8.count) bytes, over maxLength \(maximum)")
            }
            if let maximum = schema["maxGraphemes"] as? Int, string.count > maximum {
                throw Problem(path: path, message: "\(string.count) graphemes, over maxGraphemes \(maximum)")
            }
            if let format = schema["format"] as? String, !Self.matches(format: format, string) {
                throw Problem(path: path, message: "\"\(string)\" is not in the format \(format)")
            }
        case "integer":
            guard let number = value as? NSNumber, !Self.isBoolean(value),
                !["d", "f"].contains(String(cString: number.objCType))
            else { throw Problem(path: path, message: "is not an integer") }
            if let minimum = schema["minimum"] as? Int, number.intValue < minimum {
                throw Problem(path: path, message: "\(number) is under minimum \(minimum)")
            }
            if let maximum = schema["maximum"] as? Int, number.intValue > maximum {
                throw Problem(path: path, message: "\(number) is over maximum \(maximum)")
            }
        case "boolean":
            guard Self.isBoolean(value) else {
                throw Problem(path: path, message: "is not a boolean")
            }
        case "array":
            guard let array = value as? [Any] else { throw Problem(path: path, message: "is not an array") }
            if let maximum = schema["maxLength"] as? Int, array.count > maximum {
                throw Problem(path: path, message: "\(array.count) items, over maxLength \(maximum)")
            }
            let items = schema["items"] as! [String: Any]
            for (index, item) in array.enumerated() {
                try validate(item, against: items, lexicon: lexicon, path: "\(path)[\(index)]")
            }
        case "blob":
            guard let blob = value as? [String: Any], blob["$type"] as? String == "blob",
                let ref = blob["ref"] as? [String: Any], let link = ref["$link"] as? String,
                Self.matches(format: "cid", link), let mimeType = blob["mimeType"] as? String,
                let size = blob["size"] as? Int, Set(blob.keys) == ["$type", "ref", "mimeType", "size"]
            else { throw Problem(path: path, message: "is not a blob reference") }
            if let accept = schema["accept"] as? [String],
                !accept.contains(where: { $0 == mimeType || ($0.hasSuffix("/*") && mimeType.hasPrefix($0.dropLast())) })
            {
                throw Problem(path: path, message: "\(mimeType) is not accepted (\(accept))")
            }
            if let maximum = schema["maxSize"] as? Int, size > maximum {
                throw Problem(path: path, message: "\(size) bytes, over maxSize \(maximum)")
            }
        case "unknown":
            guard let object = value as? [String: Any] else { throw Problem(path: path, message: "is not an object") }
            // A record inside a request: check it as its own type says.
            if let type = object["$type"] as? String, documents[type] != nil {
                try validateRecord(JSONSerialization.data(withJSONObject: object))
            }
        default:
            throw Problem(path: path, message: "the test validator does not know the type \(type)")
        }
    }

    /// JSON `true`/`false` as Foundation reads them (an NSNumber of its own boolean class).
    static func isBoolean(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("Boolean")
    }

    /// The string formats, as regular expressions from the AT Protocol's syntax pages.
    static func matches(format: String, _ string: String) -> Bool {
        let pattern: String
        switch format {
        case "did": return string.utf8.count <= 2048 && regex(#"^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$"#, string)
        case "handle":
            guard string.utf8.count <= 253 else { return false }
            pattern = #"^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$"#
        case "at-identifier": return matches(format: "did", string) || matches(format: "handle", string)
        case "nsid":
            guard string.utf8.count <= 317 else { return false }
            pattern =
                #"^[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+\.[a-zA-Z][a-zA-Z0-9]{0,62}$"#
        case "record-key": return string != "." && string != ".." && regex(#"^[a-zA-Z0-9_~.:-]{1,512}$"#, string)
        case "tid": pattern = #"^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$"#
        case "cid": pattern = #"^[a-zA-Z0-9+=]{8,256}$"#
        case "language":
            // RFC 5646's Language-Tag, with its grandfathered tags.
            let grandfathered =
                "en-GB-oed|i-ami|i-bnn|i-default|i-enochian|i-hak|i-klingon|i-lux|i-mingo|i-navajo|i-pwn|i-tao|i-tay|"
                + "i-tsu|sgn-BE-FR|sgn-BE-NL|sgn-CH-DE|art-lojban|cel-gaulish|no-bok|no-nyn|zh-guoyu|zh-hakka|zh-min|"
                + "zh-min-nan|zh-xiang"
            let langtag =
                "([a-z]{2,3}(-[a-z]{3}){0,3}|[a-z]{4,8})(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?"
                + "(-([a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(-[0-9a-wy-z](-[a-z0-9]{2,8})+)*(-x(-[a-z0-9]{1,8})+)?"
            pattern = "(?i)^(\(grandfathered)|\(langtag)|x(-[a-z0-9]{1,8})+)$"
        case "datetime":
            pattern =
                #"^[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-6][0-9]:[0-6][0-9](\.[0-9]{1,20})?(Z|[+-][0-2][0-9]:[0-5][0-9])$"#
            return regex(pattern, string) && !string.hasSuffix("-00:00") && !string.hasPrefix("0000")
        case "uri": pattern = #"^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]+$"#
        case "at-uri":
            pattern =
                #"^at://(did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]|[a-zA-Z0-9.-]+)(/[a-zA-Z][a-zA-Z0-9.-]*(/[a-zA-Z0-9_~.:-]{1,512})?)?$"#
        default: return false
        }
        return regex(pattern, string) && string.utf8.count <= 8192
    }

    private static func regex(_ pattern: String, _ string: String) -> Bool {
        string.range(of: pattern, options: .regularExpression) != nil
    }
}

/// The syntax vectors of the fixtures: every non-comment, non-empty line of a file.
enum SyntaxVectors {
    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(LexiconValidator.fixtures)/syntax/\(name).txt", encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }
}
