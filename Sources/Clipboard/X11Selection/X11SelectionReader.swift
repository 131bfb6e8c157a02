import CX11Selection

/// An open X connection for reading selections (``X11SelectionClient/openReader(prefetching:)``),
/// closed when the last reference goes.
///
/// Opening it while the owner starts overlaps the two handshakes; later reads skip theirs.
/// Reads through one reader must not overlap; the client's calls hold a reference while they run.
final class X11SelectionReader: @unchecked Sendable {
    // Set once; the C reader is used by one call at a time (see above).
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        cxs_reader_close(pointer)
    }
}
