/// Reads one JSON object of a spec, field by field, knowing its path (`$.fields`) so every
/// error names the value at fault, and refusing fields it was not asked about (a misspelt field
/// is an error, not silently ignored).
struct SpecReader {
    let path: String
    private let members: [String: JSONValue]
    private var read: Set<String> = []

    init(_ value: JSONValue, path: String) throws(CardError) {
        guard case .object(let members) = value else {
            throw CardError(.invalidSpec, "\(path) must be an object, not \(value.typeName)", path: path)
        }
        self.path = path
        self.members = members
    }

    private func at(_ key: String) -> String { "\(path).\(key)" }

    /// The raw value of `key`, or nil when absent or null.
    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        if case .null? = members[key] { return nil }
        return members[key]
    }

    private func missing(_ key: String, _ example: String) -> CardError {
        CardError(.invalidSpec, "\(at(key)) is missing; add it, such as \"\(key)\": \(example)", path: at(key))
    }

    private func wrongType(_ key: String, _ value: JSONValue, _ wanted: String, _ example: String) -> CardError {
        CardError(
            .invalidSpec,
            "\(at(key)) must be \(wanted), not \(value.typeName); write it like \"\(key)\": \(example)",
            path: at(key)
        )
    }

    /// The longest text accepted in one field.
    static let maximumTextLength = 1000

    mutating func optionalString(_ key: String, example: String = "\"...\"") throws(CardError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, value, "a string", example) }
        guard text.count <= Self.maximumTextLength else {
            throw CardError(
                .invalidSpec,
                "\(at(key)) has \(text.count) characters; shorten it to at most \(Self.maximumTextLength)",
                path: at(key)
            )
        }
        return text
    }

    mutating func string(_ key: String, example: String = "\"...\"") throws(CardError) -> String {
        guard let text = try optionalString(key, example: example) else { throw missing(key, example) }
        return text
    }

    /// The largest size of a number on a card (10^12): a card has no room for more digits, and
    /// larger numbers are refused rather than drawn as `3e+102`.
    static let numberLimit = 1e12

    private func tooLarge(_ key: String, _ number: Double) -> CardError {
        CardError(
            .invalidSpec,
            "\(at(key)) is \(number), too large for a card; give a number between -10^12 and 10^12",
            path: at(key)
        )
    }

    mutating func optionalNumber(_ key: String, example: String = "42") throws(CardError) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite else {
            throw wrongType(key, value, "a number", example)
        }
        guard abs(number) < Self.numberLimit else { throw tooLarge(key, number) }
        return number
    }

    mutating func number(_ key: String, example: String = "42") throws(CardError) -> Double {
        guard let number = try optionalNumber(key, example: example) else { throw missing(key, example) }
        return number
    }

    mutating func optionalInteger(_ key: String, example: String = "30") throws(CardError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.rounded() == number else {
            throw wrongType(key, value, "a whole number", example)
        }
        guard abs(number) < Self.numberLimit else { throw tooLarge(key, number) }
        guard number >= 0 else {
            throw CardError(.invalidSpec, "\(at(key)) must not be negative (it is \(Int(number)))", path: at(key))
        }
        return Int(number)
    }

    mutating func integer(_ key: String, example: String = "30") throws(CardError) -> Int {
        guard let number = try optionalInteger(key, example: example) else { throw missing(key, example) }
        return number
    }

    mutating func optionalBool(_ key: String) throws(CardError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, value, "true or false", "true") }
        return flag
    }

    /// The elements of an array, each with its path.
    mutating func array(
        _ key: String,
        example: String,
        limit: Int = 64
    ) throws(CardError) -> [(
        value: JSONValue, path: String
    )] {
        guard let value = value(key) else { return [] }
        guard case .array(let elements) = value else { throw wrongType(key, value, "an array", example) }
        guard elements.count <= limit else {
            throw CardError(
                .invalidSpec,
                "\(at(key)) has \(elements.count) elements; a card takes at most \(limit), so pass \(limit) or fewer",
                path: at(key)
            )
        }
        return elements.enumerated().map { (value: $0.element, path: "\(at(key))[\($0.offset)]") }
    }

    mutating func strings(_ key: String, limit: Int = 16) throws(CardError) -> [String] {
        var result: [String] = []
        for (value, path) in try array(key, example: "[\"...\"]", limit: limit) {
            guard case .string(let text) = value else {
                throw CardError(.invalidSpec, "\(path) must be a string, not \(value.typeName)", path: path)
            }
            guard text.count <= Self.maximumTextLength else {
                throw CardError(
                    .invalidSpec,
                    "\(path) has \(text.count) characters; shorten it to at most \(Self.maximumTextLength)",
                    path: path
                )
            }
            result.append(text)
        }
        return result
    }

    /// Fails on a field that was never read: a typo or a field of another kind.
    func finish(known: [String]) throws(CardError) {
        if let extra = members.keys.sorted().first(where: { !read.contains($0) }) {
            throw CardError(
                .invalidSpec,
                "\(at(extra)) is not a field here; the fields are: \(known.joined(separator: ", "))",
                path: at(extra)
            )
        }
    }
}
