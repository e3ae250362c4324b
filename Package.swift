// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

/// Swift 6 language mode (complete concurrency checking) for the library targets and the CLI.
/// Test targets stay in Swift 5 mode, the package default below.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// KinetypeCore and KinetypeEncode compiled with `-O` in a debug build when the environment has
/// `KINETYPE_OPTIMIZE_INNER_LOOPS=1`, as `make test` sets it. They hold the loops over every pixel
/// and byte (image compositing and comparison, SHA-256, deflate's matches and parser, LZW, PNG
/// filters), which run 6 to 9 times slower unoptimized, and the suite's command-line tests render,
/// encode and compare thousands of frames: optimized, the suite takes about half the time, for a
/// cold build a fifth longer (figures in docs/contributing.md). Only on request, since SwiftPM
/// refuses a dependency resolved by version (`from: "0.3.0"`) whose products use unsafe flags, and an
/// app that resolves kinetype does not set it. Every other debug build is unoptimized, as SwiftPM
/// builds it; `make test OPTIMIZE=1` passes `-O` to every target from the command line.
let optimizedInnerLoops: [SwiftSetting] =
    Context.environment["KINETYPE_OPTIMIZE_INNER_LOOPS"] == "1"
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "kinetype",
    platforms: [.macOS(.v13)],
    // No executable product: SwiftPM builds every executable product of a dependency, so an app's
    // package that depends on KinetypeTesting would compile the whole renderer for a command it never
    // runs (it runs the installed one). The `kinetype` target is still this package's executable:
    // `swift build --product kinetype`, `swift run kinetype`.
    products: [
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
        // Linux calls glibc declares only with _GNU_SOURCE (renameat2).
        .systemLibrary(name: "CLinux", path: "Sources/C/CLinux"),

        // Library targets and the CLI: Swift 6 language mode, so data races are compile errors.
        .target(name: "KinetypeCore", swiftSettings: swift6 + optimizedInnerLoops),
        // Word units use the ICU that Swift's Foundation carries (`_FoundationICU`): a static build
        // links it in with Foundation, a debug build needs its shared library named.
        .target(
            name: "KinetypeRender", dependencies: ["KinetypeCore", "CPangoCairo"], swiftSettings: swift6,
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(
            name: "KinetypeEncode",
            dependencies: [
                "KinetypeCore", "CPNG", "CGIF", "CImageQuant", "CWebP", "CDeflate", "CZopfli",
                .target(name: "CLinux", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swift6 + optimizedInnerLoops),
        .target(
            name: "Kinetype",
            dependencies: [
                "KinetypeCore", "KinetypeRender", "KinetypeEncode",
                .target(name: "CDynamicLoader", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swift6),
        // The command-line tool, module `kinetype`, in Sources/KinetypeCLI.
        .executableTarget(
            name: "kinetype",
            dependencies: ["Kinetype", .target(name: "CLinux", condition: .when(platforms: [.linux]))],
            path: "Sources/KinetypeCLI", swiftSettings: swift6),
        // `assertScene` runs the `kinetype` command (the installed bundle), so an app's package that
        // depends on it by version builds this one small module, in seconds, and none of the renderer.
        .target(name: "KinetypeTesting", swiftSettings: swift6),

        // What the test targets share: a child-process runner, scratch folders, pixel differences.
        .target(name: "TestSupport", dependencies: ["KinetypeCore"], path: "Tests/TestSupport"),
        .testTarget(name: "KinetypeCoreTests", dependencies: ["KinetypeCore", "TestSupport"]),
        .testTarget(
            name: "KinetypeRenderTests",
            dependencies: ["KinetypeRender", "KinetypeEncode", "Kinetype", "CPNG", "TestSupport"],
            exclude: ["Goldens", "Fixtures"]),
        .testTarget(
            name: "KinetypeEncodeTests",
            dependencies: ["KinetypeEncode", "CDeflate", "CGIF", "CPNG", "CWebP", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "KinetypeTests", dependencies: ["Kinetype", "KinetypeRender", "KinetypeEncode", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "CLITests", dependencies: ["kinetype", "KinetypeCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "KinetypeTestingTests", dependencies: ["KinetypeTesting", "kinetype", "TestSupport"],
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v5]
)
