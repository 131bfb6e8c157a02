import TextFitting

/// What `sharevia text count` and `fit` print, as strings, so tests can check them in process.
enum TextOutput {
    /// One count as JSON.
    struct CountRecord: Codable, Equatable {
        var network: String
        var count: Int
        var limit: Int
        var fits: Bool
        var utf8Bytes: Int
        var maximumUTF8Bytes: Int?
    }

    /// One fitted post as JSON.
    struct FitRecord: Codable, Equatable {
        var network: String
        var text: String
        var count: Int
        var limit: Int
        var fits: Bool
        var trimmedCharacters: Int
        var droppedHashtags: [String]
        var notes: [String]
        var summary: String
    }

    /// `x: 120/280, fits` or `bluesky: 310/300 (700/3000 bytes), 10 over`.
    static func countLine(network: String, _ measurement: TextMeasurement) -> String {
        var line = "\(network): \(measurement.count)/\(measurement.limit)"
        if let maximum = measurement.maximumUTF8Bytes { line += " (\(measurement.utf8Bytes)/\(maximum) bytes)" }
        if measurement.fits { return line + ", fits" }
        if measurement.count > measurement.limit { return line + ", \(measurement.count - measurement.limit) over" }
        return line + ", too many bytes"
    }

    static func countRecord(network: String, _ measurement: TextMeasurement) -> CountRecord {
        CountRecord(
            network: network,
            count: measurement.count,
            limit: measurement.limit,
            fits: measurement.fits,
            utf8Bytes: measurement.utf8Bytes,
            maximumUTF8Bytes: measurement.maximumUTF8Bytes
        )
    }

    static func fitRecord(_ post: FittedPost) -> FitRecord {
        FitRecord(
            network: post.network,
            text: post.text,
            count: post.measurement.count,
            limit: post.measurement.limit,
            fits: post.fits,
            trimmedCharacters: post.trimmedCharacters,
            droppedHashtags: post.droppedHashtags,
            notes: post.notes,
            summary: post.summary
        )
    }

    /// One compact JSON object and a newline.
    static func jsonLine(_ value: some Encodable) throws -> String {
        try JSONText.encode(value, compact: true)
    }
}
