// swift-tools-version:5.10
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

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

        .target(name: "KinetypeCore"),
        .target(name: "KinetypeRender", dependencies: ["KinetypeCore", "CPangoCairo"]),
        .target(name: "KinetypeEncode", dependencies: ["KinetypeCore", "CPNG", "CGIF", "CImageQuant"]),
        .target(name: "Kinetype", dependencies: ["KinetypeCore", "KinetypeRender", "KinetypeEncode"]),
        .executableTarget(name: "KinetypeCLI", dependencies: ["Kinetype"]),
        .target(name: "KinetypeTesting", dependencies: ["Kinetype"]),

        .testTarget(name: "KinetypeCoreTests", dependencies: ["KinetypeCore"]),
        .testTarget(name: "KinetypeRenderTests", dependencies: ["KinetypeRender", "KinetypeEncode", "CPNG"],
                    exclude: ["Goldens"]),
        .testTarget(name: "KinetypeEncodeTests", dependencies: ["KinetypeEncode", "CGIF", "CPNG"]),
        .testTarget(name: "KinetypeTests", dependencies: ["Kinetype", "KinetypeRender", "KinetypeEncode"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CLITests", dependencies: ["KinetypeCLI"], exclude: ["Fixtures"]),
        .testTarget(name: "KinetypeTestingTests", dependencies: ["KinetypeTesting"], exclude: ["Goldens"]),
    ]
)
