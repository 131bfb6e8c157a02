import Testing

/// Every test that uses the shared X display's selections, one at a time: they all own
/// CLIPBOARD and PRIMARY on the same server. The nested suites live in `XServer*Tests.swift`.
@Suite(.serialized, .xServer)
struct XServerTests {}
