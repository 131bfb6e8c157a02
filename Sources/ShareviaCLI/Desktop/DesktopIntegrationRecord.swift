#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `sharevia integrate desktop` remembers between an install and `--remove`: the folders it
/// created, parents first, so that `--remove` takes out those (when they are empty) and no folder
/// that was there before. Kept as JSON in ``DesktopFolders/record``, at most ``byteLimit`` bytes.
struct DesktopIntegrationRecord: Codable, Equatable {
    /// The largest record read: 64 KiB.
    static let byteLimit = 64 << 10

    /// The format's version.
    var version = 1
    /// Folders sharevia created, parents first.
    var createdFolders: [String] = []

    /// The record's bytes as written: pretty JSON with sorted keys and a final line break.
    func encoded() throws -> [UInt8] { Array(try JSONText.encode(self).utf8) }

    /// The record in `bytes`, or nil when they are not one.
    static func decode(_ bytes: [UInt8]) -> DesktopIntegrationRecord? {
        guard let record = try? JSONDecoder().decode(DesktopIntegrationRecord.self, from: Data(bytes)),
            record.version == 1, record.createdFolders.allSatisfy({ $0.hasPrefix("/") && !$0.contains("/../") })
        else { return nil }
        return record
    }
}
