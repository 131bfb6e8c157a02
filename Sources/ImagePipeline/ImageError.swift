/// An error from the image pipeline: a stable ``Code`` for programs, a message for people.
///
/// The message names the file (or "the image data" for bytes in memory) and says what is wrong,
/// with the numbers involved. It gives no advice tied to one kind of caller (a command-line flag,
/// a library property): callers map ``code`` to their own advice. ``description`` is one line.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, payload-free identifier of what went wrong, for reports and tests.
    ///
    /// A struct over a private enum, so new codes can be added without breaking a `switch`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable {
            case unsupportedFormat = "unsupported_format"
            case badSignature = "bad_signature"
            case badChecksum = "bad_checksum"
            case invalidHeader = "invalid_header"
            case emptyImage = "empty_image"
            case truncated
            case missingImageData = "missing_image_data"
            case corruptData = "corrupt_data"
            case insufficientData = "insufficient_data"
            case pixelLimitExceeded = "pixel_limit_exceeded"
            case memoryLimitExceeded = "memory_limit_exceeded"
            case decodingUnsupported = "decoding_unsupported"
            case readFailed = "read_failed"
            case writeFailed = "write_failed"
            case outputExists = "output_exists"
            case outputNotRegularFile = "output_not_regular_file"
            case invalidArgument = "invalid_argument"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file is neither PNG nor JPEG.
        public static let unsupportedFormat = Code(.unsupportedFormat)
        /// The file starts like a PNG or JPEG but its signature is damaged.
        public static let badSignature = Code(.badSignature)
        /// A chunk's CRC does not match its contents.
        public static let badChecksum = Code(.badChecksum)
        /// The header (PNG IHDR or JPEG SOF) holds impossible values.
        public static let invalidHeader = Code(.invalidHeader)
        /// The image declares zero width or zero height.
        public static let emptyImage = Code(.emptyImage)
        /// The file ends before the image does.
        public static let truncated = Code(.truncated)
        /// A PNG has no IDAT chunk (or a JPEG no frame header).
        public static let missingImageData = Code(.missingImageData)
        /// The compressed image data is damaged.
        public static let corruptData = Code(.corruptData)
        /// The declared size cannot fit in the data the file holds.
        public static let insufficientData = Code(.insufficientData)
        /// The image has more pixels than ``DecodeLimits/maxPixels``.
        public static let pixelLimitExceeded = Code(.pixelLimitExceeded)
        /// Decoding (or a canvas) would need more memory than ``DecodeLimits/maxMemoryBytes``, or
        /// an allocation failed outright (the message says which).
        public static let memoryLimitExceeded = Code(.memoryLimitExceeded)
        /// The format can be inspected but not decoded (JPEG).
        public static let decodingUnsupported = Code(.decodingUnsupported)
        /// The file could not be opened or read.
        public static let readFailed = Code(.readFailed)
        /// The output could not be written.
        public static let writeFailed = Code(.writeFailed)
        /// The output file exists and overwriting was not asked for.
        public static let outputExists = Code(.outputExists)
        /// The output names a device, a FIFO, a socket, a folder or a dangling symlink: only a
        /// regular file (or a symlink to one) is written.
        public static let outputNotRegularFile = Code(.outputNotRegularFile)
        /// A parameter (a size, a level) is out of range.
        public static let invalidArgument = Code(.invalidArgument)

        /// The stable code string, such as `bad_checksum`.
        public var description: String { base.rawValue }
    }

    /// What went wrong, stable across releases.
    public var code: Code
    /// What went wrong, in a sentence or two, naming the file.
    public var message: String
    /// The file concerned, if the image came from a file.
    public var path: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: A sentence saying what is wrong; it should name the file.
    ///   - path: The file concerned, if any.
    public init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// One line: the message and the code, for logs and the command line.
    public var description: String { "\(message) [\(code)]" }
}

extension ImageError {
    /// How messages name the image: the quoted path, or "the image data" for bytes in memory.
    static func subject(_ path: String?) -> String {
        path.map { "'\($0)'" } ?? "the image data"
    }
}
