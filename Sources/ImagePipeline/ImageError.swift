/// An error from the image pipeline: a stable ``Code`` for programs, a message for people.
///
/// The message names the file (or "the image data" for bytes in memory) and says what is wrong,
/// with the numbers involved. It gives no advice tied to one kind of caller (a command-line flag,
/// a library property): callers map ``code`` to their own advice. ``description`` is one line.
package struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, payload-free identifier of what went wrong, for reports and tests.
    ///
    /// A struct over a private enum, so new codes can be added without breaking a `switch`.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, CaseIterable {
            case unsupportedFormat = "unsupported-format"
            case badSignature = "bad-signature"
            case badChecksum = "bad-checksum"
            case invalidHeader = "invalid-header"
            case emptyImage = "empty-image"
            case truncated
            case missingImageData = "missing-image-data"
            case corruptData = "corrupt-data"
            case insufficientData = "insufficient-data"
            case pixelLimitExceeded = "pixel-limit-exceeded"
            case memoryLimitExceeded = "memory-limit-exceeded"
            case decodingUnsupported = "decoding-unsupported"
            case readFailed = "read-failed"
            case writeFailed = "write-failed"
            case outputExists = "output-exists"
            case outputNotRegularFile = "output-not-regular-file"
            case invalidArgument = "invalid-argument"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file is neither PNG nor JPEG.
        package static let unsupportedFormat = Code(.unsupportedFormat)
        /// The file starts like a PNG or JPEG but its signature is damaged.
        package static let badSignature = Code(.badSignature)
        /// A chunk's CRC does not match its contents.
        package static let badChecksum = Code(.badChecksum)
        /// The header (PNG IHDR or JPEG SOF) holds impossible values.
        package static let invalidHeader = Code(.invalidHeader)
        /// The image declares zero width or zero height.
        package static let emptyImage = Code(.emptyImage)
        /// The file ends before the image does.
        package static let truncated = Code(.truncated)
        /// A PNG has no IDAT chunk (or a JPEG no frame header).
        package static let missingImageData = Code(.missingImageData)
        /// The compressed image data is damaged.
        package static let corruptData = Code(.corruptData)
        /// The declared size cannot fit in the data the file holds.
        package static let insufficientData = Code(.insufficientData)
        /// The image has more pixels than ``DecodeLimits/maxPixels``.
        package static let pixelLimitExceeded = Code(.pixelLimitExceeded)
        /// Decoding (or a canvas) would need more memory than ``DecodeLimits/maxMemoryBytes``, or
        /// an allocation failed outright (the message says which).
        package static let memoryLimitExceeded = Code(.memoryLimitExceeded)
        /// The format can be inspected but not decoded (JPEG).
        package static let decodingUnsupported = Code(.decodingUnsupported)
        /// The file could not be opened or read.
        package static let readFailed = Code(.readFailed)
        /// The output could not be written.
        package static let writeFailed = Code(.writeFailed)
        /// The output file exists and overwriting was not asked for.
        package static let outputExists = Code(.outputExists)
        /// The output names a device, a FIFO, a socket, a folder or a dangling symlink: only a
        /// regular file (or a symlink to one) is written.
        package static let outputNotRegularFile = Code(.outputNotRegularFile)
        /// A parameter (a size, a level) is out of range.
        package static let invalidArgument = Code(.invalidArgument)

        /// The stable code string, such as `bad-checksum`.
        package var description: String { base.rawValue }

        /// Every code, so a test can check them all.
        package static var allCases: [Code] { Base.allCases.map(Code.init) }
    }

    /// What went wrong, stable across releases.
    package var code: Code
    /// What went wrong, in a sentence or two, naming the file.
    package var message: String
    /// The file concerned, if the image came from a file.
    package var path: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: A sentence saying what is wrong; it should name the file.
    ///   - path: The file concerned, if any.
    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// One line: the message and the code, for logs and the command line.
    package var description: String { "\(message) [\(code)]" }
}

extension ImageError {
    /// How messages name the image: the quoted path, or "the image data" for bytes in memory.
    static func subject(_ path: String?) -> String {
        path.map { "'\($0)'" } ?? "the image data"
    }
}
