// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode plus the two upcoming features
/// that keep the API honest about existentials and imports.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "sharevia",
    platforms: [.macOS(.v15)],
    products: [
        // What integrators use. Every other module is the package's own: its API is `package`.
        .library(name: "ShareCore", targets: ["ShareCore"]),
        .library(name: "ShareCoreTesting", targets: ["ShareCoreTesting"]),
        .library(name: "Destinations", targets: ["Destinations"]),
        .library(name: "ShareviaCLI", targets: ["ShareviaCLI"]),
        // `ShareAttachment.file(_:)`: how an integrator attaches a file on this machine.
        .library(name: "LocalFiles", targets: ["LocalFiles"]),
        // The fitting engine a text destination declares its rules for (Adapters.md).
        .library(name: "TextFitting", targets: ["TextFitting"]),
        // The fuzz targets' way in (Fuzz/, a package of its own): `@_spi(Fuzzing)` hooks over what
        // is the package's own (the image decoders, the card parser, the MIME writer, the SMS line
        // counter, the history database reader). Nothing in it is public without the SPI.
        .library(name: "FuzzEntryPoints", targets: ["FuzzEntryPoints"]),
        // The outbox on PostgreSQL (postgres-nio): for services with workers on several machines. Nothing
        // else in the package, and not the `sharevia` executable, depends on it.
        .library(name: "ShareviaOutboxPostgres", targets: ["OutboxPostgres"]),
        // The outbox's public API (`ShareOutbox`, `SQLiteOutbox`), in the history target that keeps it.
        .library(name: "ShareviaOutbox", targets: ["ShareHistory"]),
        .executable(name: "sharevia", targets: ["sharevia"]),
        // `sharevia` with the PostgreSQL outbox: `sharevia` hands a command with `--outbox postgresql://…` to it.
        .executable(name: "sharevia-outbox-postgres", targets: ["sharevia-outbox-postgres"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // MARK: The API: protocols, content model, router, registry, report, errors. No C libraries,
        // no file or process I/O: attachment bytes come through a reader the caller supplies.
        // MIME types by magic bytes and file names, below both ShareCore and ImagePipeline.
        .target(name: "MediaTypes", swiftSettings: strictSettings),
        .target(name: "ShareCore", dependencies: ["MediaTypes"], swiftSettings: strictSettings),
        .target(name: "ShareCoreTesting", dependencies: ["ShareCore"], swiftSettings: strictSettings),

        // MARK: C shims
        .target(name: "CSpawn"),
        .target(name: "CThreads"),
        .target(name: "CX11Selection"),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CTurboJPEG"),
        // libcurl for SMTP and HTTP, loaded with dlopen (by one loader) only when a request is sent.
        .target(name: "CCurl"),
        // libsecret for the keyring (Secret Service), loaded with dlopen only when a token is read or written.
        .target(name: "CSecret"),
        // Debian's libsqlite3 for share history, loaded with dlopen only when a database is opened.
        .target(name: "CSQLite"),
        // Cairo, Pango and libqrencode for share cards, loaded with dlopen only when a card is drawn.
        .target(name: "CPangoCairo"),

        // MARK: Implementations
        // What is read from this machine: input files opened without blocking, attachment files
        // (read once per share), secret files, executables on PATH.
        .target(name: "LocalFiles", dependencies: ["ShareCore", "MediaTypes"], swiftSettings: strictSettings),
        .target(
            name: "ProcessRunning",
            dependencies: [
                "CSpawn",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Clipboard",
            dependencies: ["ShareCore", "LocalFiles", "ProcessRunning", "CX11Selection"],
            swiftSettings: strictSettings
        ),
        .target(name: "AtomicFiles", swiftSettings: strictSettings),
        // The accounts sharevia is signed in to and their tokens: the keyring, or owner-only files.
        .target(
            name: "Accounts",
            dependencies: ["ShareCore", "AtomicFiles", "CSecret"],
            swiftSettings: strictSettings
        ),
        // Share history (and, next, the outbox) on SQLite: the thin layer over the C API, the schema
        // and its migrations, recording a report, the history and statistics queries.
        .target(
            name: "ShareHistory",
            dependencies: ["ShareCore", "Accounts", "CSQLite"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ImagePipeline",
            dependencies: ["MediaTypes", "CPNGShim", "CTurboJPEG", "AtomicFiles"],
            swiftSettings: strictSettings
        ),
        .target(name: "TextFitting", swiftSettings: strictSettings),
        // The card catalogues (one text file a language) are compiled into the code as bytes:
        // no resource bundle to find at run time, and no Foundation.
        .target(
            name: "ShareCards",
            dependencies: ["ShareCore", "ImagePipeline", "CPangoCairo"],
            resources: ["ar", "de", "en", "es", "fr", "he", "hi", "it", "ja", "ko", "pt", "ru", "tr", "zh-Hans"].map {
                .embedInCode("Catalogues/\($0).txt")
            },
            swiftSettings: strictSettings
        ),
        // HTTPS requests through libcurl (loaded with dlopen at the first request) and the error
        // classification every network destination shares. The package's own, not a product.
        .target(
            name: "HTTPTransport",
            dependencies: ["ShareCore", "CCurl", "ProcessRunning"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FuzzEntryPoints",
            dependencies: ["ImagePipeline", "ShareCards", "Destinations", "TextFitting", "ShareHistory"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Destinations",
            dependencies: [
                "ShareCore", "LocalFiles", "Clipboard", "TextFitting", "ProcessRunning", "AtomicFiles", "ImagePipeline",
                "CCurl", "HTTPTransport", "Accounts",
            ],
            swiftSettings: strictSettings
        ),

        // The outbox on PostgreSQL: its schema and migrations, enqueueing (also inside a caller's
        // transaction), claiming under leases with SKIP LOCKED, shared per-destination waits, LISTEN/NOTIFY.
        .target(
            name: "OutboxPostgres",
            dependencies: ["ShareHistory", "ShareCore", .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: strictSettings
        ),

        // MARK: The command line
        .target(
            name: "ShareviaCLI",
            dependencies: [
                "ShareCore", "LocalFiles", "Destinations", "Clipboard", "ImagePipeline", "TextFitting", "ShareCards",
                "AtomicFiles", "CThreads", "ProcessRunning", "Accounts", "HTTPTransport", "ShareHistory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "sharevia", dependencies: ["ShareviaCLI"], swiftSettings: strictSettings),
        .executableTarget(
            name: "sharevia-outbox-postgres",
            dependencies: ["ShareviaCLI", "OutboxPostgres"],
            swiftSettings: strictSettings
        ),
        // The PostgreSQL outbox's own costs, for scripts/bench-outbox-postgres.sh.
        .executableTarget(
            name: "outbox-postgres-benchmark",
            dependencies: ["OutboxPostgres", "ShareHistory", "ShareCore"],
            path: "Benchmarks/OutboxPostgresBenchmark",
            swiftSettings: strictSettings
        ),

        // MARK: Tests
        // What every test target shares: temporary folders, PNG bytes, Xvfb, tools, seeded randomness.
        .target(
            name: "TestSupport",
            dependencies: ["ShareCore", "LocalFiles", "Clipboard", "ProcessRunning"],
            path: "Tests/TestSupport",
            exclude: ["smtp-server.py", "mail-check.py", "http-server.py"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShareCoreTests",
            dependencies: ["ShareCore", "ShareCoreTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocalFilesTests",
            dependencies: ["LocalFiles", "ShareCore", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MediaTypesTests",
            dependencies: ["MediaTypes"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DestinationsTests",
            dependencies: [
                "Destinations", "Clipboard", "ShareCore", "ShareCoreTesting", "LocalFiles", "TextFitting",
                "ProcessRunning", "ImagePipeline", "TestSupport", "HTTPTransport",
            ],
            // The AT Protocol lexicons and syntax vectors and the Mastodon OpenAPI description, read from
            // the package folder.
            exclude: ["Bluesky/Fixtures", "Mastodon/Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ClipboardTests",
            dependencies: [
                "Clipboard", "Destinations", "ShareCore", "ShareCoreTesting", "LocalFiles", "ProcessRunning",
                "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HTTPTransportTests",
            dependencies: ["HTTPTransport", "ShareCore", "ProcessRunning", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ImagePipelineTests",
            dependencies: ["ImagePipeline", "ProcessRunning", "TestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AccountsTests",
            dependencies: ["Accounts", "ShareCore", "AtomicFiles", "ProcessRunning", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShareHistoryTests",
            dependencies: [
                "ShareHistory", "ShareCore", "ShareCoreTesting", "LocalFiles", "ProcessRunning", "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OutboxPostgresTests",
            dependencies: [
                "OutboxPostgres", "ShareHistory", "ShareCore", "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AtomicFilesTests",
            dependencies: ["AtomicFiles", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TextFittingTests",
            dependencies: [
                "TextFitting", "TestSupport", "ProcessRunning", .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShareCardsTests",
            dependencies: ["ShareCards", "ShareCore", "LocalFiles", "ImagePipeline", "ProcessRunning", "TestSupport"],
            exclude: ["Golden"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ShareviaCLITests",
            dependencies: [
                "ShareviaCLI", "ShareCore", "ShareCoreTesting", "LocalFiles", "ProcessRunning", "Destinations",
                "ImagePipeline", "ShareCards", "FuzzEntryPoints", "TestSupport", "Accounts", "ShareHistory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
