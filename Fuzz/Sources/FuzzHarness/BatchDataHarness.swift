import Foundation
import KinetypeCore

@testable import Kinetype

/// The batch-data target: bytes → `BatchData.decode` → output names planned for every format
/// and a few scales (`BatchPlan`) → a small template expanded with each entry's values, its
/// timeline compiled and a few frame states taken (typewriter units, colors and text from data).
public enum BatchDataHarness {
    /// `Fuzz/Inputs/template.json`: placeholders in text, a typewriter and a color, like real
    /// templates. The main suite's FuzzRegressionTests expand the same file.
    static let template: Data = {
        guard let data = try? Data(contentsOf: FuzzInputs.folder.appendingPathComponent("template.json")) else {
            fatalError("Fuzz/Inputs/template.json is missing")
        }
        return data
    }()

    /// At most this many entries are expanded, so one input cannot make an execution slow.
    static let maxExpandedEntries = 8

    /// Runs one input. Returns how many entries expanded to a scene with a timeline (for tests).
    @discardableResult
    public static func run(_ data: Data) -> Int {
        guard let entries = try? BatchData.decode(data, fileName: "fuzz.data.json") else { return 0 }
        for format in OutputFormat.allCases where format != .stillPNG {
            for scales in [nil, [1.0, 2.0], [1.5, 3.0]] as [[Double]?] {
                _ = try? BatchPlan(
                    entries: entries, dataFileName: "fuzz.data.json", defaultName: "fuzz",
                    scales: scales, format: format, shard: Shard(index: 1, count: 2))
            }
        }
        var expanded = 0
        for entry in entries.prefix(maxExpandedEntries) {
            guard
                let scene = try? SceneDecoder.decode(
                    template, fileName: "template.json",
                    baseDirectory: URL(fileURLWithPath: "/nonexistent"),
                    overrides: entry.values),
                let timeline = try? Timeline(scene: scene)
            else { continue }
            for index in [0, timeline.frameCount / 2, timeline.frameCount - 1] { _ = timeline.state(atFrame: index) }
            expanded += 1
        }
        return expanded
    }
}
