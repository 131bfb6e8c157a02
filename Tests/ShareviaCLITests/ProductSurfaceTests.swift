import Foundation
import TestSupport
import Testing

/// Issue 24: the package ships the products integrators use, and every other module's API is
/// `package`, so what integrators can reach is what the products say.
@Suite struct ProductSurfaceTests {
    /// The library products, and why each is one.
    static let products: Set<String> = [
        "ShareCore", "ShareCoreTesting", "Destinations", "ShareviaCLI",
        "LocalFiles",  // ShareAttachment.file(_:)
        "TextFitting",  // the fitting engine of a text destination (Adapters.md)
        "ImagePipeline", "ShareCards",  // the fuzz targets' decoders and card parser (Fuzz/)
    ]
    /// The Swift modules that are sharevia's own.
    static let internalModules = [
        "AtomicFiles", "Clipboard", "MediaTypes", "ProcessRunning",
    ]

    @Test func thePackageShipsTheProductsIntegratorsUse() throws {
        let manifest = try String(contentsOfFile: "\(PackageRoot.path)/Package.swift", encoding: .utf8)
        let libraries = try Regex(#"\.library\(name: "([A-Za-z]+)""#)
        let names = Set(manifest.matches(of: libraries).compactMap { $0.output[1].substring.map(String.init) })
        #expect(names == Self.products)
    }

    @Test(arguments: internalModules) func aModuleThatIsNoProductDeclaresNothingPublic(_ module: String) throws {
        let folder = "\(PackageRoot.path)/Sources/\(module)"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let declaration = try Regex(#"^\s*(@[A-Za-z_()]+\s+)*(public|open)\s"#).anchorsMatchLineEndings()
        for file in files {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(declaration) {
                Issue.record("Sources/\(module)/\(file): '\(line)' is public; make it package")
            }
        }
    }
}
