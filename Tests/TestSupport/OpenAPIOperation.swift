import Foundation

/// One operation of an OpenAPI description (Mastodon's, in the fixtures), to check a request a
/// test server received against it: the JSON body's fields (known, required, of the declared
/// types) and the query's parameters. Returns the problems found, so a test can print them all.
package struct OpenAPIOperation {
    /// The operation object (`parameters`, `requestBody`, `responses`, ...).
    package let object: [String: Any]
    /// The document's `components.schemas`.
    package let schemas: [String: Any]

    /// `method` (`get`, `post`) of `path` in the description at `file`.
    package init(file: String, path: String, method: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let document = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let paths = document["paths"] as! [String: Any]
        object = (paths[path] as! [String: Any])[method] as! [String: Any]
        schemas = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
    }

    /// The JSON body's schema (`requestBody.content["application/json"].schema`), or nil.
    package var jsonBodySchema: [String: Any]? {
        let body = object["requestBody"] as? [String: Any]
        let content = body?["content"] as? [String: Any]
        return (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
    }

    /// What is wrong with `body` as this operation's JSON body: a field it does not declare, a
    /// required field missing, a value not of the declared type.
    package func problems(jsonBody body: [UInt8]) -> [String] {
        guard let schema = jsonBodySchema else { return ["the operation takes no JSON body"] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return ["the body is not a JSON object"]
        }
        let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
        var problems: [String] = []
        for name in schema["required"] as? [String] ?? [] where object[name] == nil {
            problems.append("the required field \(name) is missing")
        }
        for (name, value) in object {
            guard let property = properties[name] else {
                problems.append("\(name) is not a field of the operation")
                continue
            }
            if let problem = Self.typeProblem(value, property) { problems.append("\(name) \(problem)") }
        }
        return problems
    }

    /// What is wrong with `query` as this operation's query: a parameter it does not declare, a
    /// required one missing.
    package func problems(query: [String: String]) -> [String] {
        let parameters = (object["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == "query" }
        let names = Set(parameters.compactMap { $0["name"] as? String })
        var problems: [String] = []
        for parameter in parameters where parameter["required"] as? Bool == true {
            let name = parameter["name"] as! String
            if query[name] == nil { problems.append("the required parameter \(name) is missing") }
        }
        for name in query.keys where !names.contains(name) {
            problems.append("\(name) is not a query parameter of the operation")
        }
        return problems
    }

    /// The property names of a response's schema (`components.schemas[name].properties`).
    package func schemaProperties(_ name: String) -> [String: [String: Any]] {
        ((schemas[name] as? [String: Any])?["properties"] as? [String: [String: Any]]) ?? [:]
    }

    private static func typeProblem(_ value: Any, _ property: [String: Any]) -> String? {
        let types: [String] = (property["type"] as? String).map { [$0] } ?? (property["type"] as? [String] ?? [])
        guard !types.isEmpty else { return nil }
        let matches = types.contains { type in
            switch type {
            case "string": return value is String
            case "array":
                guard let items = value as? [Any] else { return false }
                let itemProperty = property["items"] as? [String: Any] ?? [:]
                return items.allSatisfy { typeProblem($0, itemProperty) == nil }
            case "object": return value is [String: Any]
            case "boolean": return value is Bool
            case "integer", "number": return value is NSNumber && !(value is Bool)
            case "null": return value is NSNull
            default: return true
            }
        }
        return matches ? nil : "is not of type \(types.joined(separator: " or "))"
    }
}

extension String {
    /// The query of a URL (`a=1&b=2`) as name to percent-decoded value.
    package var queryFields: [String: String] {
        guard let question = firstIndex(of: "?") else { return [:] }
        var fields: [String: String] = [:]
        for pair in self[index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : ""
            fields[String(parts[0])] = value.removingPercentEncoding ?? value
        }
        return fields
    }
}
