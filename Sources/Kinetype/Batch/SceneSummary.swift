import Foundation

/// What a batch needs of a job's prepared scene to fingerprint its outputs and report them
/// unchanged: the canvas as decoded (preparing changes none of it), the timeline's length and alt
/// text, and the files it reads (`PreparedScene.inputPaths`). Both ways to an outcome go through
/// it: a scene prepared in this run, and one a previous run prepared from the same inputs
/// (`SceneSummaries`), so an unchanged entry's outcome is the same either way.
struct SceneSummary: Equatable, Sendable {
    var scale: Double
    var colorScheme: ColorScheme
    var layoutDirection: LayoutDirection
    /// Whether the scene may use the machine's fonts (its `systemFonts`, or `--system-fonts`).
    var systemFonts: Bool
    /// The canvas in points.
    var width: Double
    var height: Double
    /// The timeline's length in seconds, which a still's or poster's moment is checked against.
    var duration: Double
    /// `AltText.of` the timeline.
    var altText: String
    /// `PreparedScene.inputPaths`: sorted, standardized absolute paths.
    var inputPaths: [String]

    init(
        scale: Double, colorScheme: ColorScheme, layoutDirection: LayoutDirection, systemFonts: Bool, width: Double,
        height: Double, duration: Double, altText: String, inputPaths: [String]
    ) {
        self.scale = scale
        self.colorScheme = colorScheme
        self.layoutDirection = layoutDirection
        self.systemFonts = systemFonts
        self.width = width
        self.height = height
        self.duration = duration
        self.altText = altText
        self.inputPaths = inputPaths
    }

    init(_ prepared: PreparedScene) {
        let canvas = prepared.scene.canvas
        self.init(
            scale: canvas.scale, colorScheme: canvas.colorScheme, layoutDirection: canvas.layoutDirection,
            systemFonts: prepared.scene.systemFonts, width: canvas.width, height: canvas.height,
            duration: prepared.timeline.duration, altText: AltText.of(prepared.timeline),
            inputPaths: prepared.inputPaths)
    }
}

extension BatchOutcome {
    /// Sets what the decoded scene says about the output: its scale, appearance, direction and size.
    mutating func describe(_ canvas: Canvas) {
        scale = canvas.scale
        colorScheme = canvas.colorScheme
        layoutDirection = canvas.layoutDirection
        pointWidth = canvas.width
        pointHeight = canvas.height
    }

    /// Sets what `summary` says about the output: as `describe(_:)` for its canvas, and its alt text.
    mutating func describe(_ summary: SceneSummary) {
        scale = summary.scale
        colorScheme = summary.colorScheme
        layoutDirection = summary.layoutDirection
        pointWidth = summary.width
        pointHeight = summary.height
        altText = summary.altText
    }
}
