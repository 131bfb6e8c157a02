import CPNGShim

/// Where PNG bytes come from.
enum PNGInput {
    case file(String)
    case memory([UInt8])
}

/// libpng's incremental reader behind a Swift face: scans and limit-checks the file first,
/// then hands out RGBA8 rows. Only valid inside ``PNGRowReader/with(_:limits:workingBytes:_:)``.
final class PNGRowReader {
    let structure: PNGStructure
    private let reader: OpaquePointer
    private let source: any ByteSource

    private init(structure: PNGStructure, source: any ByteSource, reader: OpaquePointer) {
        self.structure = structure
        self.source = source
        self.reader = reader
    }

    /// Scans `input`, checks `limits`, opens libpng on it and calls `body` with a reader whose
    /// header is read. The reader must not escape `body`.
    /// - Parameters:
    ///   - workingBytes: Given the structure, the bytes the caller will allocate for pixels
    ///     (output buffers, row batches); checked against `limits.maxMemoryBytes` together with
    ///     libpng's own row buffers before anything is allocated.
    /// - Throws: ``ImageError`` from the scan, the limits or libpng.
    static func with<Result>(
        _ input: PNGInput,
        limits: DecodeLimits,
        workingBytes: (PNGStructure) -> Int,
        _ body: (PNGRowReader) throws -> Result
    ) throws -> Result {
        switch input {
        case .file(let path):
            let source = try FileByteSource(path: path)
            let structure = try prepare(source, limits: limits, workingBytes: workingBytes)
            // libpng reads the descriptor the scan checked, not the path again (which could name
            // another file by now).
            var openErrno: Int32 = 0
            guard let handle = cpng_reader_open_descriptor(source.descriptor, &openErrno) else {
                throw ImageError(
                    .readFailed,
                    "cannot open '\(path)': \(FileByteSource.describe(openErrno)).",
                    path: path
                )
            }
            defer { cpng_reader_close(handle) }
            return try run(PNGRowReader(structure: structure, source: source, reader: handle), body)
        case .memory(let bytes):
            let source = MemoryByteSource(bytes: bytes)
            let structure = try prepare(source, limits: limits, workingBytes: workingBytes)
            return try bytes.withUnsafeBufferPointer { buffer in
                guard let handle = cpng_reader_open_memory(buffer.baseAddress, buffer.count) else {
                    throw ImageError(
                        .memoryLimitExceeded,
                        "the system ran out of memory opening the image data (a failed allocation, not a limit)."
                    )
                }
                defer { cpng_reader_close(handle) }
                return try run(PNGRowReader(structure: structure, source: source, reader: handle), body)
            }
        }
    }

    private static func prepare(
        _ source: some ByteSource,
        limits: DecodeLimits,
        workingBytes: (PNGStructure) -> Int
    ) throws -> PNGStructure {
        let format = try ImageInspector.detectFormat(source)
        if format == .jpeg {
            let info = try JPEGHeader.scan(source)
            throw ImageError(
                .decodingUnsupported,
                "\(ImageError.subject(source.path)) is a JPEG (\(info.width)x\(info.height)); sharevia can inspect "
                    + "JPEG files but has no JPEG decoder: convert it to PNG first (e.g. `convert in.jpg out.png`).",
                path: source.path
            )
        }
        let structure = try PNGScanner.scan(source, verifyChecksums: false)
        try limits.checkPixels(width: structure.width, height: structure.height, path: source.path)
        let libpngRows = 2 * (structure.width * 8 + 1)
        try limits.checkMemory(
            bytes: saturatingSum(workingBytes(structure), libpngRows),
            width: structure.width,
            height: structure.height,
            path: source.path
        )
        try structure.checkDataSuffices(path: source.path)
        return structure
    }

    private static func run<Result>(
        _ reader: PNGRowReader,
        _ body: (PNGRowReader) throws -> Result
    ) throws
        -> Result
    {
        try reader.check(cpng_reader_read_header(reader.reader))
        return try body(reader)
    }

    /// Reads the next `count` rows of a non-interlaced image into `rows`, `stride` bytes apart.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws {
        try check(cpng_reader_read_rows(reader, rows, UInt32(count), stride))
    }

    /// Reads every row (any interlacing) into `pixels`, `stride` bytes apart.
    func readImage(into pixels: UnsafeMutablePointer<UInt8>, stride: Int) throws {
        try check(cpng_reader_read_image(reader, pixels, stride))
    }

    /// Rows decoded per libpng call while streaming a non-interlaced image.
    static let batchRows = 16

    /// The bytes ``forEachRow(_:)`` allocates for an image of this structure: a batch of rows,
    /// or the whole image when it is interlaced.
    static func streamingBytes(_ structure: PNGStructure) -> Int {
        saturatingProduct(structure.width, structure.interlaced ? structure.height : batchRows, 4)
    }

    /// Calls `body` with each RGBA8 row in order, then reads through IEND. Non-interlaced images
    /// are decoded a batch of rows at a time; interlaced ones need the whole image first.
    func forEachRow(_ body: (UnsafePointer<UInt8>, Int) throws -> Void) throws {
        let width = structure.width
        let height = structure.height
        let batch = structure.interlaced ? height : min(Self.batchRows, height)
        var rows = [UInt8](repeating: 0, count: width * batch * 4)
        try rows.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            if structure.interlaced {
                try readImage(into: base, stride: width * 4)
            }
            var y = 0
            while y < height {
                let count = min(batch, height - y)
                if !structure.interlaced {
                    try readRows(into: base, count: count, stride: width * 4)
                }
                for i in 0..<count {
                    try body(UnsafePointer(base + i * width * 4), y + i)
                }
                y += count
            }
        }
        try finish()
    }

    /// Reads the chunks after the image data through IEND.
    func finish() throws {
        try check(cpng_reader_finish(reader))
    }

    private func check(_ status: Int32) throws {
        guard status != CPNG_OK else { return }
        let detail = String(cString: cpng_reader_message(reader))
        let path = source.path
        let subject = ImageError.subject(path)
        switch Int(status) {
        case Int(CPNG_ERR_IO):
            throw ImageError(
                .readFailed,
                "cannot read \(subject): \(FileByteSource.describe(cpng_reader_errno(reader))).",
                path: path
            )
        case Int(CPNG_ERR_TRUNCATED):
            throw ImageError(
                .truncated,
                "\(subject) ends before its image data does (\(detail)); the file is incomplete.",
                path: path
            )
        case Int(CPNG_ERR_CHECKSUM):
            throw ImageError(
                .badChecksum,
                "\(subject) has a damaged chunk (libpng: \(detail)); the file is corrupt, get an intact copy.",
                path: path
            )
        case Int(CPNG_ERR_SIGNATURE):
            throw ImageError(.badSignature, "\(subject) is not a PNG (libpng: \(detail)).", path: path)
        case Int(CPNG_ERR_NOMEM):
            throw ImageError(
                .memoryLimitExceeded,
                "the system ran out of memory decoding \(subject) (libpng: \(detail)); a failed allocation, "
                    + "not a limit.",
                path: path
            )
        default:
            // libpng inflates a chunk before it reaches the chunk's CRC, so damaged data usually
            // shows as a zlib or filter error first. On this failure path only, check every CRC:
            // a mismatch is the more precise diagnosis.
            _ = try PNGScanner.scan(source, verifyChecksums: true)
            throw ImageError(
                .corruptData,
                "\(subject) has corrupt image data (libpng: \(detail)); the file is damaged.",
                path: path
            )
        }
    }
}
