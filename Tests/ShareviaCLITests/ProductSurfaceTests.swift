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
        "FuzzEntryPoints",  // the fuzz targets' way in (Fuzz/): @_spi(Fuzzing) only
        "ShareviaOutboxPostgres",  // the outbox on PostgreSQL for services (issue 27): no sharevia binary links it
        "ShareviaOutbox",  // ShareOutbox and SQLiteOutbox: a service's enqueue (issue 27)
    ]
    /// The Swift modules that are sharevia's own.
    static let internalModules = [
        "Accounts", "AtomicFiles", "Clipboard", "HTTPTransport", "ImagePipeline", "MediaTypes", "ProcessRunning",
        "ShareCards",
    ]

    @Test func thePackageShipsTheProductsIntegratorsUse() throws {
        let manifest = try String(contentsOfFile: "\(PackageRoot.path)/Package.swift", encoding: .utf8)
        let libraries = try Regex(#"\.library\(name: "([A-Za-z]+)""#)
        let names = Set(manifest.matches(of: libraries).compactMap { $0.output[1].substring.map(String.init) })
        #expect(names == Self.products)
    }

    @Test(arguments: internalModules) func aModuleThatIsNoProductDeclaresNothingPublic(_ module: String) throws {
        for (file, line) in try Self.lines(of: module) where line.contains(Self.publicDeclaration) {
            Issue.record("Sources/\(module)/\(file): '\(line)' is public; make it package")
        }
    }

    /// Types of a product's module that only sharevia and the fuzz targets use: the fuzz targets
    /// reach them through `FuzzEntryPoints`, so they stay `package`.
    static let packageTypes = [
        ("Destinations", "MailAddress"), ("Destinations", "MailMessage"), ("Destinations", "MailAttachment"),
        ("Destinations", "MailMessageWriter"), ("TextFitting", "SMSLineCounter"),
    ]

    @Test(arguments: packageTypes) func aTypeOnlyFuzzingUsesIsNotPublic(_ module: String, _ type: String) throws {
        let declaration = try Regex(
            #"^\s*(@[A-Za-z_()]+\s+)*(\w+\s+)*(struct|enum|class|actor|protocol)\s+"# + type + #"\b"#
        )
        let declarations = try Self.lines(of: module).filter { $0.line.contains(declaration) }
        #expect(declarations.count == 1, "\(type) is declared \(declarations.count) times in Sources/\(module)")
        for (file, line) in declarations where line.contains(Self.publicDeclaration) {
            Issue.record("Sources/\(module)/\(file): '\(line)' is public; make it package")
        }
    }

    /// The fuzz targets' product offers nothing to a caller that does not ask for the
    /// `Fuzzing` SPI: each public declaration at the top of a file is marked with it (its
    /// members are then SPI too), and no extension adds public members to another type.
    @Test func theFuzzEntryPointsArePublicOnlyThroughTheirSPI() throws {
        let lines = try Self.lines(of: "FuzzEntryPoints")
        #expect(!lines.isEmpty)
        var previous = ""
        var inExtension = false
        for (file, line) in lines {
            let topLevel = !(line.first?.isWhitespace ?? true)
            if topLevel { inExtension = line.contains(/^(\w+\s+)*extension\s/) }
            if topLevel, line.contains(Self.publicDeclaration),
                !line.contains("@_spi(Fuzzing)"), previous != "@_spi(Fuzzing)"
            {
                Issue.record("Sources/FuzzEntryPoints/\(file): '\(line)' is public without @_spi(Fuzzing)")
            }
            if inExtension, line.contains(Self.publicDeclaration) {
                Issue.record("Sources/FuzzEntryPoints/\(file): '\(line)' is public in an extension")
            }
            previous = String(line)
        }
    }

    /// A declaration that is `public` or `open`, after any attributes.
    static var publicDeclaration: Regex<(Substring, Substring?, Substring)> {
        #/^\s*(@[A-Za-z_()]+\s+)*(public|open)\s/#
    }

    /// Every line of every Swift file of the module `module`, with its file.
    static func lines(of module: String) throws -> [(file: String, line: Substring)] {
        let folder = "\(PackageRoot.path)/Sources/\(module)"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
            .sorted()
        #expect(!files.isEmpty)
        return try files.flatMap { file in
            try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                .split(separator: "\n").map { (file, $0) }
        }
    }
}
