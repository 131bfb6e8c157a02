import Foundation

/// The package's root folder, found from this file's path, and files in it the tests read.
package enum PackageRoot {
    /// The absolute path of the package root (the folder holding `Package.swift`).
    package static var path: String {
        // This file is Tests/TestSupport/PackageRoot.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// `examples/card.png`.
    package static var exampleCard: String { "\(path)/examples/card.png" }
}
