import ShareCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input file, opened so that nothing can block the open, and read once with a cap checked
/// while reading.
///
/// Attachments, the file export's copy, standard input, config and secret files and card specs
/// are read through this type (the image pipeline, which reads in place with `pread`, opens the
/// same way in its `FileByteSource` and takes regular files only):
/// 1. The path is opened with `O_NONBLOCK`, so a FIFO without a writer opens at once instead of
///    hanging, then examined with `fstat` on the open descriptor (the file checked is the file read).
/// 2. A directory, a device or a socket is refused by ``requireReadable(allowingPipes:)`` with an
///    error that says what the path is and what to pass instead. A regular file is switched back
///    to blocking reads.
/// 3. ``readAll(limit:deadline:)`` and ``forEachChunk(limit:deadline:isCancelled:_:)`` stop as
///    soon as one byte more than the limit has arrived, so an endless input (a pipe fed from
///    `/dev/zero`, a file that keeps growing) costs at most the limit. A pipe is waited on with
///    `poll` up to a deadline, so a writer that never writes nor closes can't hang a command.
package struct InputFile: ~Copyable {
    /// What kind of file the path turned out to be.
    package enum Kind: Sendable, Equatable {
        case regular, pipe, directory, characterDevice, blockDevice, socket, other

        /// "a character device", for messages.
        package var phrase: String {
            switch self {
            case .regular: "a regular file"
            case .pipe: "a pipe"
            case .directory: "a directory"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    /// The path, for messages.
    package let path: String
    /// The open descriptor, closed when this value goes away.
    package let descriptor: Int32
    /// What the path is.
    package let kind: Kind
    /// The size of a regular file when it was opened (it may grow or shrink later); 0 otherwise.
    package let size: Int
    /// Whether to close ``descriptor`` at the end (not for standard input).
    private let owned: Bool

    /// Opens `path` for reading without blocking, and finds out what it is.
    ///
    /// - Throws: ``InputFileError`` when it does not exist or can't be opened.
    package init(path: String) throws(InputFileError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw InputFileError(path: path, problem: .missing) }
            if code == ENXIO { throw InputFileError(path: path, problem: .notAFile(.socket)) }
            throw InputFileError(path: path, problem: .unreadable(Self.describe(code)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw InputFileError(path: path, problem: .unreadable(Self.describe(code)))
        }
        let kind = Self.kind(of: status.st_mode)
        if kind == .regular {
            // Nothing about a regular file blocks; blocking reads are the plain ones.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        self.path = path
        self.descriptor = descriptor
        self.kind = kind
        self.size = kind == .regular ? max(Int(status.st_size), 0) : 0
        self.owned = true
    }

    /// Standard input, as it is: never made non-blocking (the descriptor is shared with the shell),
    /// so reading a terminal waits for the person typing. Read it with a limit and no deadline.
    package init(standardInputNamed name: String = "standard input") {
        var status = stat()
        let known = fstat(STDIN_FILENO, &status) == 0
        self.path = name
        self.descriptor = STDIN_FILENO
        self.kind = known ? Self.kind(of: status.st_mode) : .other
        self.size = known && self.kind == .regular ? max(Int(status.st_size), 0) : 0
        self.owned = false
    }

    deinit {
        if owned { close(descriptor) }
    }

    /// Refuses anything but a regular file and, when `allowingPipes`, a pipe or FIFO.
    ///
    /// - Throws: ``InputFileError`` naming what the path is.
    package func requireReadable(allowingPipes: Bool) throws(InputFileError) {
        switch kind {
        case .regular: return
        case .pipe where allowingPipes: return
        default: throw InputFileError(path: path, problem: .notAFile(kind))
        }
    }

    /// Every byte, up to `limit`.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted; one more is an error, found as it arrives.
    ///   - deadline: When a pipe that has sent no end of file is given up; nil waits for ever.
    /// - Throws: ``InputFileError`` when the input is over the limit, fails to read, or a pipe
    ///   is still open at the deadline.
    package func readAll(limit: InputLimit, deadline: ContinuousClock.Instant? = nil) throws(InputFileError) -> [UInt8]
    {
        // A regular file's size at once (one byte more, to see its end); other input grows as it comes.
        let first = kind == .regular ? min(size, limit.bytes) + 1 : min(limit.bytes + 1, 64 << 10)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(first)
        try forEachChunk(limit: limit, deadline: deadline, chunkBytes: max(first, 4096)) { chunk in
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// Reads the input a chunk at a time, passing each chunk to `body`.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted; the read stops with an error on the byte after it.
    ///   - deadline: When a pipe that has sent no end of file is given up; nil waits for ever.
    ///   - isCancelled: Asked before each chunk (and every 100 ms while a pipe is quiet); true
    ///     stops the read with ``InputFileError/Problem/cancelled``.
    ///   - chunkBytes: The largest chunk.
    ///   - body: Takes each chunk; may throw ``InputFileError`` to stop.
    /// - Throws: ``InputFileError``.
    package func forEachChunk(
        limit: InputLimit,
        deadline: ContinuousClock.Instant? = nil,
        isCancelled: () -> Bool = { false },
        chunkBytes: Int = 256 << 10,
        _ body: (UnsafeBufferPointer<UInt8>) throws(InputFileError) -> Void
    ) throws(InputFileError) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(chunkBytes, 1))
        defer { buffer.deallocate() }
        var total = 0
        while true {
            if isCancelled() { throw InputFileError(path: path, problem: .cancelled) }
            // Never ask for more than one byte past the limit.
            let wanted = min(buffer.count, limit.bytes - total + 1)
            let count = read(descriptor, buffer.baseAddress, wanted)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    try waitForData(until: deadline, isCancelled: isCancelled)
                    continue
                }
                throw InputFileError(path: path, problem: .unreadable(Self.describe(code)))
            }
            if count == 0 { return }
            total += count
            guard total <= limit.bytes else { throw InputFileError(path: path, problem: .tooLarge(limit)) }
            try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// Waits, 100 ms at a time, until the pipe has data (or an end), the deadline passes or the
    /// read is cancelled.
    private func waitForData(
        until deadline: ContinuousClock.Instant?,
        isCancelled: () -> Bool
    ) throws(InputFileError) {
        while true {
            if isCancelled() { throw InputFileError(path: path, problem: .cancelled) }
            var slice = 100
            if let deadline {
                let left = deadline - .now
                guard left > .zero else { throw InputFileError(path: path, problem: .timedOut) }
                slice = min(
                    slice,
                    Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
                )
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(slice))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw InputFileError(path: path, problem: .unreadable(Self.describe(errno)))
            }
        }
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFIFO: .pipe
        case S_IFDIR: .directory
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        default: .other
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Why an input could not be read. ``message`` names the file and the rule; callers add what
/// to do in their own terms (a flag on the command line, a setting in a library).
package struct InputFileError: Error, Sendable, CustomStringConvertible {
    package enum Problem: Sendable, Equatable {
        case missing
        case notAFile(InputFile.Kind)
        case unreadable(String)
        case tooLarge(InputLimit)
        case timedOut
        case cancelled
    }

    package var path: String
    package var problem: Problem

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// What happened, naming the file: `'/dev/zero' is a character device, not a file`.
    package var message: String {
        switch problem {
        case .missing: "'\(path)': no such file"
        case .notAFile(let kind): "'\(path)' is \(kind.phrase), not a regular file"
        case .unreadable(let reason): "'\(path)' can't be read: \(reason)"
        case .tooLarge(let limit): "'\(path)' holds more than \(InputLimit.describe(limit.bytes)) (\(limit.rule))"
        case .timedOut: "'\(path)' is a pipe that sent no end of file in time"
        case .cancelled: "reading '\(path)' was cancelled"
        }
    }

    package var description: String { message }
}
