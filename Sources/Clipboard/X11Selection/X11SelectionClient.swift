import CX11Selection
import ProcessRunning

#if canImport(Glibc)
import Glibc
#endif

/// sharevia's own X11 selection client: owns selections from a detached process and reads them
/// back in this process, through libxcb loaded at run time (no xclip, no X library linked).
///
/// Every call is bounded by `timeout`, even against a frozen X server, and honours task
/// cancellation (within about 20 ms). The blocking work runs on a thread of its own.
///
/// ```swift
/// let client = X11SelectionClient(display: ":0", timeout: .seconds(2))
/// try await client.own([X11SelectionItem(selection: .clipboard, targets: ["image/png"], bytes: png)])
/// let back = try await client.read(.clipboard, as: "image/png", maxBytes: png.count)
/// ```
struct X11SelectionClient: Sendable {
    /// The X display name, such as `:0`.
    var display: String
    /// The limit for each call, from its start.
    var timeout: Duration

    /// Creates a client for `display`; nothing is checked or connected until a call.
    init(display: String, timeout: Duration) {
        self.display = display
        self.timeout = timeout
    }

    /// nil when libxcb.so.1 loads; else why not, e.g.
    /// `libxcb.so.1 can't be loaded (apt-get install libxcb1): <reason>`.
    static func libraryProblem() -> String? {
        libraryProblem(loading: nil)
    }

    /// Whether the library `soname` loads with every function this client uses; nil: it does.
    ///
    /// nil `soname` loads libxcb.so.1 for the process (once); any other name is only probed
    /// (it exists to test the message).
    static func libraryProblem(loading soname: String?) -> String? {
        var message = [CChar](repeating: 0, count: Int(CXS_MESSAGE_SIZE))
        let rc = message.withUnsafeMutableBufferPointer { buffer in
            cxs_load(soname, buffer.baseAddress, buffer.count)
        }
        guard rc != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Starts the detached owner and returns once it owns every item's selection.
    ///
    /// The owner (`sharevia-clip`) is this program started again in a hidden owner mode (never a
    /// `fork()` without `exec` of this multi-threaded process); it gets the bytes through an
    /// in-memory file, not a temporary file, and serves them until other programs have taken
    /// every selection it owns.
    ///
    /// - Parameter items: What to serve; each on a different selection.
    /// - Returns: The owner process, for diagnostics and tests.
    /// - Throws: ``X11SelectionError``: `connectFailed`, `timedOut` (the owner is killed),
    ///   `cancelled`, `refused` (another client took a selection at once), `libraryMissing`,
    ///   `system` (also for two items on one selection or an item without targets).
    @discardableResult
    func own(_ items: [X11SelectionItem]) async throws(X11SelectionError) -> X11SelectionOwner {
        let display = self.display
        let timeout = timeout.wholeMilliseconds
        let (status, pid, message) = await Self.runBlocking { cancel in
            Self.withCItems(items) { cItems in
                var result = cxs_own_result()
                _ = cxs_own(display, cItems.baseAddress, cItems.count, timeout, cancel, &result)
                return (result.status, result.owner_pid, Self.string(result.message))
            }
        }
        guard status == CXS_OK else {
            throw X11SelectionError(kind: Self.kind(status), message: message, ownerPID: pid > 0 ? pid : nil)
        }
        return X11SelectionOwner(pid: pid)
    }

    /// The selection's content as `target`, at most `maxBytes` (tooLarge beyond).
    ///
    /// Connects, asks the selection's owner to convert it, and collects the answer (following
    /// INCR transfers), then disconnects.
    ///
    /// - Throws: ``X11SelectionError``: `noOwner`, `refused` (the owner does not offer `target`),
    ///   `tooLarge`, `connectFailed`, `connectionLost`, `timedOut`, `cancelled`, `libraryMissing`,
    ///   `system`.
    func read(
        _ selection: ClipboardSelection,
        as target: String,
        maxBytes: Int
    ) async throws(X11SelectionError) -> [UInt8] {
        let display = self.display
        let timeout = timeout.wholeMilliseconds
        let limit = max(0, maxBytes)
        let outcome: Result<[UInt8], X11SelectionError> = await Self.runBlocking { cancel in
            var result = cxs_read_result()
            defer { cxs_read_result_free(&result) }
            guard cxs_read(display, selection.atomName, target, limit, timeout, cancel, &result) == 0 else {
                return .failure(X11SelectionError(kind: Self.kind(result.status), message: Self.string(result.message)))
            }
            guard let data = result.data else { return .success([]) }
            return .success(Array(UnsafeBufferPointer(start: data, count: result.length)))
        }
        return try outcome.get()
    }

    /// Opens a connection for ``read(_:as:maxBytes:using:)``, interning `names` (the selections
    /// and targets to be read) during the handshake.
    ///
    /// - Throws: ``X11SelectionError``: `connectFailed`, `timedOut`, `cancelled`, `libraryMissing`.
    func openReader(prefetching names: [String]) async throws(X11SelectionError) -> X11SelectionReader {
        let display = self.display
        let timeout = timeout.wholeMilliseconds
        let outcome: Result<X11SelectionReader, X11SelectionError> = await Self.runBlocking { cancel in
            Self.withCStrings(names) { cNames in
                var result = cxs_read_result()
                guard let reader = cxs_reader_open(display, cNames.baseAddress, cNames.count, timeout, cancel, &result)
                else {
                    return .failure(
                        X11SelectionError(kind: Self.kind(result.status), message: Self.string(result.message))
                    )
                }
                return .success(X11SelectionReader(reader))
            }
        }
        return try outcome.get()
    }

    /// The selection's content as `target`, at most `maxBytes`, read through an open reader.
    ///
    /// Reads through one reader must not overlap. A failure other than `noOwner` or `refused`
    /// drops the reader's connection; its next read connects again.
    ///
    /// - Throws: ``X11SelectionError`` as ``read(_:as:maxBytes:)`` does.
    func read(
        _ selection: ClipboardSelection,
        as target: String,
        maxBytes: Int,
        using reader: X11SelectionReader
    ) async throws(X11SelectionError) -> [UInt8] {
        let timeout = timeout.wholeMilliseconds
        let limit = max(0, maxBytes)
        let outcome: Result<[UInt8], X11SelectionError> = await Self.runBlocking { cancel in
            var result = cxs_read_result()
            defer { cxs_read_result_free(&result) }
            guard cxs_reader_read(reader.pointer, selection.atomName, target, limit, timeout, cancel, &result) == 0
            else {
                return .failure(X11SelectionError(kind: Self.kind(result.status), message: Self.string(result.message)))
            }
            guard let data = result.data else { return .success([]) }
            return .success(Array(UnsafeBufferPointer(start: data, count: result.length)))
        }
        return try outcome.get()
    }

    /// The targets the selection's owner offers (`TARGETS`, `TIMESTAMP` and the content types).
    ///
    /// - Throws: ``X11SelectionError`` as ``read(_:as:maxBytes:)`` does.
    func targets(_ selection: ClipboardSelection) async throws(X11SelectionError) -> [String] {
        let names = try await read(selection, as: "TARGETS", maxBytes: 1 << 20)
        return String(decoding: names, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    // MARK: Plumbing

    /// The cancel flag a blocking call watches; lives until that call returns.
    private final class CancelFlag: @unchecked Sendable {
        // Set once in init; the C side synchronises through an atomic int.
        let pointer: OpaquePointer?
        init() { pointer = cxs_cancel_create() }
        func raise() { cxs_cancel_raise(pointer) }
        deinit { cxs_cancel_destroy(pointer) }
    }

    /// Runs `body` on its own thread with a cancel flag that task cancellation raises.
    private static func runBlocking<T: Sendable>(
        _ body: @escaping @Sendable (OpaquePointer?) -> T
    ) async -> T {
        let flag = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                BlockingThread.start {
                    continuation.resume(returning: body(flag.pointer))
                }
            }
        } onCancel: {
            flag.raise()
        }
    }

    /// `strings` as C strings, for the duration of `body`.
    private static func withCStrings<R>(
        _ strings: [String],
        _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R
    ) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with C descriptions of `items`, valid only during the call.
    private static func withCItems<R>(_ items: [X11SelectionItem], _ body: (UnsafeBufferPointer<cxs_item>) -> R) -> R {
        let selections = items.map { strdup($0.selection.atomName) }
        let targets = items.map { item in item.targets.map { UnsafePointer(strdup($0)) } }
        defer {
            for name in selections { free(name) }
            for name in targets.joined() { free(UnsafeMutablePointer(mutating: name)) }
        }
        return withBytes(of: items[...], collected: []) { data in
            withTargetPointers(targets[...], collected: []) { targetPointers in
                var cItems: [cxs_item] = []
                for (index, item) in items.enumerated() {
                    cItems.append(
                        cxs_item(
                            selection: selections[index],
                            targets: targetPointers[index],
                            target_count: item.targets.count,
                            data: data[index],
                            length: item.bytes.count
                        )
                    )
                }
                return cItems.withUnsafeBufferPointer(body)
            }
        }
    }

    /// Calls `body` with a pointer to each item's bytes, all valid during the call.
    private static func withBytes<R>(
        of items: ArraySlice<X11SelectionItem>,
        collected: [UnsafeRawPointer?],
        _ body: ([UnsafeRawPointer?]) -> R
    ) -> R {
        guard let first = items.first else { return body(collected) }
        return first.bytes.withUnsafeBytes { raw in
            withBytes(of: items.dropFirst(), collected: collected + [raw.baseAddress], body)
        }
    }

    /// Calls `body` with a pointer to each item's array of target names, all valid during the call.
    private static func withTargetPointers<R>(
        _ lists: ArraySlice<[UnsafePointer<CChar>?]>,
        collected: [UnsafePointer<UnsafePointer<CChar>?>?],
        _ body: ([UnsafePointer<UnsafePointer<CChar>?>?]) -> R
    ) -> R {
        guard let first = lists.first else { return body(collected) }
        return first.withUnsafeBufferPointer { buffer in
            withTargetPointers(lists.dropFirst(), collected: collected + [buffer.baseAddress], body)
        }
    }

    private static func string<T>(_ message: T) -> String {
        withUnsafeBytes(of: message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func kind(_ status: cxs_status) -> X11SelectionError.Kind {
        switch status {
        case CXS_NO_OWNER: .noOwner
        case CXS_REFUSED: .refused
        case CXS_TIMED_OUT: .timedOut
        case CXS_CANCELLED: .cancelled
        case CXS_CONNECT_FAILED: .connectFailed
        case CXS_CONNECTION_LOST: .connectionLost
        case CXS_TOO_LARGE: .tooLarge
        case CXS_LIBRARY_MISSING: .libraryMissing
        default: .system
        }
    }
}
