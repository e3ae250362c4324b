import Foundation

/// One job's line in `.kinetype/scene-summaries` (`SceneSummaries`), tab-separated: its key, the
/// summary (scale, width, height, duration, appearance, direction, alt text), `@` and the id of
/// its input files (`SceneInputSet`), the digest of its files' fingerprint settings, and the
/// fingerprint of each of its files (output, poster, fallbacks), in order.
struct SceneSummaryRecord: Sendable {
    let key: String
    let summary: SceneSummary
    let inputs: SceneInputSet
    /// `BatchFileSettings.digest` of the job's files: while it is the same, so are their
    /// fingerprints (everything else they hash is in the key or the input files).
    let settings: String
    let fingerprints: [String]
    /// The line (for a record read from a file, as it was read).
    let line: String

    /// The record with `settings` and `fingerprints` instead of its own (itself when they are the same).
    func with(settings: String, fingerprints: [String]) -> SceneSummaryRecord {
        settings == self.settings && fingerprints == self.fingerprints
            ? self
            : SceneSummaryRecord(
                key: key, summary: summary, inputs: inputs, settings: settings, fingerprints: fingerprints)
    }

    private static func line(
        key: String, summary: SceneSummary, inputs: SceneInputSet, settings: String, fingerprints: [String]
    ) -> String {
        var line = key
        for number in [summary.scale, summary.width, summary.height, summary.duration] {
            line += "\t\(number)"
        }
        line += "\t\(summary.colorScheme.rawValue)\t\(summary.layoutDirection.rawValue)\t"
        line += SummaryText.escaped(summary.altText) + "\t@" + inputs.id + "\t" + settings
        for fingerprint in fingerprints { line += "\t" + fingerprint }
        return line + "\n"
    }

    init(key: String, summary: SceneSummary, inputs: SceneInputSet, settings: String, fingerprints: [String]) {
        (self.key, self.summary, self.inputs, self.settings) = (key, summary, inputs, settings)
        self.fingerprints = fingerprints
        line = Self.line(key: key, summary: summary, inputs: inputs, settings: settings, fingerprints: fingerprints)
    }

    private init(
        key: String, summary: SceneSummary, inputs: SceneInputSet, settings: String, fingerprints: [String],
        line: String
    ) {
        (self.key, self.summary, self.inputs, self.settings) = (key, summary, inputs, settings)
        (self.fingerprints, self.line) = (fingerprints, line)
    }

    /// The record of a line (`line`, without its line break, split into `fields`), whose input set
    /// is among `inputSets`; nil when it does not parse.
    init?(line: String, fields: [String], inputSets: [String: SceneInputSet]) {
        guard fields.count >= 11, fields[0].utf8.count == 64,
            let scale = Double(fields[1]), let width = Double(fields[2]), let height = Double(fields[3]),
            let duration = Double(fields[4]), let colorScheme = ColorScheme(rawValue: fields[5]),
            let layoutDirection = LayoutDirection(rawValue: fields[6]),
            let altText = SummaryText.unescaped(fields[7]), fields[8].hasPrefix("@"),
            let inputs = inputSets[String(fields[8].dropFirst())]
        else { return nil }
        self.init(
            key: fields[0],
            summary: SceneSummary(
                scale: scale, colorScheme: colorScheme, layoutDirection: layoutDirection, systemFonts: false,
                width: width, height: height, duration: duration, altText: altText, inputPaths: inputs.paths),
            inputs: inputs, settings: fields[9], fingerprints: Array(fields[10...]), line: line + "\n")
    }
}
