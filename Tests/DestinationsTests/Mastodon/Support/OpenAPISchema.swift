import Foundation
import TestSupport

/// The Mastodon OpenAPI description's schemas in the fixtures, and example values built from
/// them, so the tests feed the parsers answers of the documented shape.
struct OpenAPISchema {
    static let fixtures = "\(PackageRoot.path)/Tests/DestinationsTests/Mastodon/Fixtures/openapi"

    let schemas: [String: Any]

    /// Loads `instance-schema.json`.
    init() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.fixtures)/instance-schema.json"))
        let document = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        schemas = (document["components"] as! [String: Any])["schemas"] as! [String: Any]
    }

    /// The schema at `path` (property names) inside the named schema, or nil.
    func property(_ schema: String, _ path: [String]) -> [String: Any]? {
        var node = schemas[schema] as? [String: Any]
        for name in path {
            node = (node?["properties"] as? [String: Any])?[name] as? [String: Any]
        }
        return node
    }

    /// The schema's types: `"integer"` or `["integer", "null"]` as a list.
    static func types(_ schema: [String: Any]) -> [String] {
        if let type = schema["type"] as? String { return [type] }
        return schema["type"] as? [String] ?? []
    }

    /// An example of the named schema: every property present, integers numbered 1000, 1001...
    /// in the order the properties are visited (sorted by name), strings `"text"` (a URI for the
    /// `uri` format), booleans true, arrays of one example item; a reference to a schema not in
    /// the fixtures is an empty object.
    func example(of schema: String) -> Any {
        var next = 1000
        return example(schemas[schema] as! [String: Any], counter: &next)
    }

    private func example(_ schema: [String: Any], counter: inout Int) -> Any {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.split(separator: "/").last!)
            guard let target = schemas[name] as? [String: Any] else { return [String: Any]() }
            return example(target, counter: &counter)
        }
        switch Self.types(schema).first(where: { $0 != "null" }) {
        case "object":
            var object: [String: Any] = [:]
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in properties.keys.sorted() {
                object[name] = example(properties[name] as! [String: Any], counter: &counter)
            }
            return object
        case "array":
            return [example(schema["items"] as? [String: Any] ?? [:], counter: &counter)]
        case "integer", "number":
            counter += 1
            return counter - 1
        case "boolean":
            return true
        case "string":
            return schema["format"] as? String == "uri" ? "https://mastodon.example/" : "text"
        default:
            return [String: Any]()
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    /// Sets the value at a path of object keys, making the objects on the way.
    mutating func set(_ path: [String], _ value: Any) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
        } else {
            var inner = self[first] as? [String: Any] ?? [:]
            inner.set(Array(path.dropFirst()), value)
            self[first] = inner
        }
    }

    /// The value at a path of object keys.
    func value(_ path: [String]) -> Any? {
        var node: Any? = self
        for name in path { node = (node as? [String: Any])?[name] }
        return node
    }

    /// The object as JSON bytes.
    var json: [UInt8] { Array(try! JSONSerialization.data(withJSONObject: self, options: [.sortedKeys])) }
}
