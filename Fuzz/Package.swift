// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets of sharevia: one shared library of entry points (`sharevia_fuzz_<target>`),
// built with AddressSanitizer and coverage, that `harness/target.c` links into one fuzzer per
// target. Built and run by `scripts/fuzz`; kept out of the main package so a normal build compiles
// none of it.
let package = Package(
    name: "sharevia-fuzz",
    platforms: [.macOS(.v15)],
    products: [.library(name: "FuzzHooks", type: .dynamic, targets: ["FuzzHooks"])],
    dependencies: [.package(name: "sharevia", path: "..")],
    targets: [
        .target(
            name: "FuzzHooks",
            dependencies: [
                .product(name: "FuzzEntryPoints", package: "sharevia"),
                .product(name: "TextFitting", package: "sharevia"),
                .product(name: "Destinations", package: "sharevia"),
                .product(name: "ShareCore", package: "sharevia"),
                .product(name: "ShareviaCLI", package: "sharevia"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
