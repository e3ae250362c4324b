// swift-tools-version:5.10
// SPDX-License-Identifier: GPL-3.0-or-later
//
// libFuzzer targets for kinetype, kept out of the main package so its `swift build` and
// `make test` never see the sanitizer flags. Build and run with `make fuzz` / `make fuzz-smoke`
// from the repository root; they build with `--sanitize fuzzer` (instrumenting the main package's
// code too) and `-enable-testing` (the batch target plans names with the internal `BatchPlan`).
import PackageDescription

let package = Package(
    name: "kinetype-fuzz",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fuzz-scene", targets: ["FuzzScene"]),
        .executable(name: "fuzz-goldens", targets: ["FuzzGoldens"]),
        .executable(name: "fuzz-batch-data", targets: ["FuzzBatchData"]),
        .executable(name: "fuzz-deflate", targets: ["FuzzDeflate"]),
        .executable(name: "fuzz-report-merge", targets: ["FuzzReportMerge"]),
        .executable(name: "fuzz-sound", targets: ["FuzzSound"]),
    ],
    dependencies: [.package(name: "kinetype", path: "..")],
    targets: [
        // What each target does with one input; shared so a crash reproduces the same way in every target.
        .target(name: "FuzzHarness", dependencies: [.product(name: "Kinetype", package: "kinetype")]),
        .executableTarget(
            name: "FuzzScene", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzGoldens", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzBatchData", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzDeflate", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzReportMerge", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "FuzzSound", dependencies: ["FuzzHarness"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
