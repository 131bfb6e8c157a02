import Foundation
import TestSupport
import Testing

@testable import Destinations

#if canImport(Glibc)
import Glibc
#endif

/// The number a share's files take in a folder that already holds many shares.
@Suite struct FileExportNumberingTests {
    static let names = ["card.png", "card.txt", "card.share.json"]

    /// A folder holding `card.png` and `card-1.png` ... `card-(count - 1).png`, except `gaps`.
    static func folder(holding count: Int, except gaps: Set<Int> = []) throws -> (TemporaryFolder, Int32) {
        let folder = TemporaryFolder("numbering")
        for number in 0..<count where !gaps.contains(number) {
            let name = AtomicFolderWriter.numbered("card.png", number)
            #expect(FileManager.default.createFile(atPath: folder.file(name), contents: Data()))
        }
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        return (folder, descriptor)
    }

    @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 1000, 2500])
    func theNextNumberAfterAnUnbrokenRunIsTheFirstFreeOne(count: Int) throws {
        let (folder, descriptor) = try Self.folder(holding: count)
        defer { withExtendedLifetime(folder) { _ = close(descriptor) } }
        #expect(AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 0) == count)
    }

    /// With a gap, the number is free and from `first` on, but the smallest only when the search
    /// lands on the gap (the doc comment promises the smallest only without gaps): from 0 it
    /// probes 1, 2, 4, 8, 16 and 32 (all taken) and 64 (free, past the files), then halves back to
    /// the first free number after 32, never looking at 5.
    @Test func aNumberAfterAGapIsFreeAndNotBeforeTheStart() throws {
        let (folder, descriptor) = try Self.folder(holding: 40, except: [5])
        defer { withExtendedLifetime(folder) { _ = close(descriptor) } }
        let number = AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 0)
        #expect(number == 40, "the first free number after the last taken probe (32): \(number)")
        #expect(AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 6) == 40)
        #expect(AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 5) == 5)
    }

    /// A gap the search lands on, or one between the last taken probe and the first free one, is
    /// the number: from 0 the probe of 8 is free, and halving back from it finds nothing free
    /// below; from 9 the probes 10, 11, 13, 17 and 25 are taken and 41 is free, and halving back
    /// finds 33.
    @Test func aGapTheSearchLandsOnIsTheNumber() throws {
        let (folder, descriptor) = try Self.folder(holding: 40, except: [8, 33])
        defer { withExtendedLifetime(folder) { _ = close(descriptor) } }
        #expect(AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 0) == 8)
        #expect(AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 9) == 33)
    }

    @Test func aFullFolderIsPastTheMaximum() throws {
        let (folder, descriptor) = try Self.folder(holding: AtomicFolderWriter.maximumNumber + 1)
        defer { withExtendedLifetime(folder) { _ = close(descriptor) } }
        #expect(
            AtomicFolderWriter.firstFreeSuffix(for: Self.names, in: descriptor, from: 0)
                == AtomicFolderWriter.maximumNumber + 1
        )
    }
}
