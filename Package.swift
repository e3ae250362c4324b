// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

/// Swift 6 language mode (complete concurrency checking) for the library targets and the CLI.
/// Test targets stay in Swift 5 mode, the package default below.
///
/// Debug builds optimize the library targets too (`-O`): the tests then run the code as it ships, and
/// the per-pixel work of hundreds of renders and encodes takes a fraction of its unoptimized time.
/// The code has no `assert` that `-O` would drop; `precondition` stays.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6), .unsafeFlags(["-O"], .when(configuration: .debug))]
/// The CLI and `KinetypeTesting` do no per-pixel work of their own (they parse arguments, print and
/// call the library), so debug builds leave them unoptimized: at `-O` the CLI alone took about 35 s of
/// a cold `make test` build on 2 cores, on its critical path, for no measurable test time.
let swift6Unoptimized: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "kinetype",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kinetype", targets: ["KinetypeCLI"]),
        .library(name: "Kinetype", targets: ["Kinetype"]),
        .library(name: "KinetypeTesting", targets: ["KinetypeTesting"]),
    ],
    targets: [
        // System libraries: a module map and a shim header each, no logic.
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/C/CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/C/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CGIF", path: "Sources/C/CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .systemLibrary(
            name: "CImageQuant", path: "Sources/C/CImageQuant", pkgConfig: "imagequant",
            providers: [.apt(["libimagequant-dev"]), .brew(["libimagequant"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/C/CWebP",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/C/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        .systemLibrary(
            name: "CZopfli", path: "Sources/C/CZopfli",
            providers: [.apt(["libzopfli-dev"]), .brew(["zopfli"])]),
        // The dynamic loader's list of loaded libraries (`<link.h>`, part of the C library).
        .systemLibrary(name: "CDynamicLoader", path: "Sources/C/CDynamicLoader"),

        // Library targets and the CLI: Swift 6 language mode, so data races are compile errors.
        .target(name: "KinetypeCore", swiftSettings: swift6),
        // Word units use the ICU that Swift's Foundation carries (`_FoundationICU`): a static build
        // links it in with Foundation, a debug build needs its shared library named.
        .target(
            name: "KinetypeRender", dependencies: ["KinetypeCore", "CPangoCairo"], swiftSettings: swift6,
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(
            name: "KinetypeEncode",
            dependencies: ["KinetypeCore", "CPNG", "CGIF", "CImageQuant", "CWebP", "CDeflate", "CZopfli"],
            swiftSettings: swift6),
        .target(
            name: "Kinetype",
            dependencies: [
                "KinetypeCore", "KinetypeRender", "KinetypeEncode",
                .target(name: "CDynamicLoader", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swift6),
        .executableTarget(name: "KinetypeCLI", dependencies: ["Kinetype"], swiftSettings: swift6Unoptimized),
        .target(name: "KinetypeTesting", dependencies: ["Kinetype"], swiftSettings: swift6Unoptimized),

        // What the test targets share: a child-process runner, scratch folders, pixel differences.
        .target(name: "TestSupport", dependencies: ["KinetypeCore"], path: "Tests/TestSupport"),
        .testTarget(name: "KinetypeCoreTests", dependencies: ["KinetypeCore", "TestSupport"]),
        .testTarget(
            name: "KinetypeRenderTests", dependencies: ["KinetypeRender", "KinetypeEncode", "CPNG", "TestSupport"],
            exclude: ["Goldens", "Fixtures"]),
        .testTarget(
            name: "KinetypeEncodeTests",
            dependencies: ["KinetypeEncode", "CDeflate", "CGIF", "CPNG", "CWebP", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "KinetypeTests", dependencies: ["Kinetype", "KinetypeRender", "KinetypeEncode", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CLITests", dependencies: ["KinetypeCLI", "KinetypeCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "KinetypeTestingTests", dependencies: ["KinetypeTesting"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v5]
)
