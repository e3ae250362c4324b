import Foundation
import KinetypeRender

/// The one way from a scene file (or bytes) to a render-ready `PreparedScene`. Every command,
/// the batch runner, the golden verifier, `validate` and KinetypeTesting load through it, so the
/// steps always run in this order:
///
/// 1. decode (strict JSON, `{{placeholders}}` filled from `overrides.values`, colors resolved for
///    `overrides.colorScheme` or `canvas.colorScheme`), then apply `overrides.fps`,
///    `overrides.scale`, `overrides.layoutDirection`, `overrides.systemFonts` and the `--root`
///    confinement, and resolve
///    `layoutDirection: auto` from the filled-in text;
/// 2. check the canvas size after scaling (`Scene.validateCanvasSize`);
/// 3. compile the timeline and check the work limits (when `limits` is given), with every
///    `font.family` list resolved to its first installed family;
/// 4. load and check the fonts (loaded before stage 3, reported after it);
/// 5. read and decode the pictures.
///
/// `load()` stops at the first failing stage and rethrows its error unchanged; `problems()` runs
/// every stage it can and collects what each one reports (a stage that needs a decoded scene is
/// skipped when decoding failed), which is what `validate` prints.
public struct SceneLoader: Sendable {
    public var source: SceneSource
    public var overrides: SceneOverrides
    /// `--root`: the folder every file the scene names must lie in; nil allows any file.
    public var root: InputRoot?
    /// The work limits checked after compiling the timeline; nil skips them (a still renders one
    /// frame whatever the scene's length).
    public var limits: WorkLimits?
    /// Where documents parsed from `.bytes` are kept for the next decode of the same bytes (a
    /// batch's template); nil parses every time.
    public var parsed: ParsedDocuments?

    public init(
        _ source: SceneSource, overrides: SceneOverrides = .none, root: InputRoot? = nil,
        limits: WorkLimits? = .standard
    ) {
        self.source = source
        self.overrides = overrides
        self.root = root
        self.limits = limits
    }

    /// Stage 1: the decoded scene with the overrides and the root applied, not yet checked further.
    /// - Throws: `Diagnostic` or `DiagnosticList` from decoding.
    public func decode() throws -> Scene {
        var scene: Scene
        switch source {
        case .file(let path):
            scene = try SceneDecoder.decode(
                contentsOf: URL(fileURLWithPath: path), displayName: path,
                overrides: overrides.values, colorScheme: overrides.colorScheme)
        case .bytes(let data, let displayName, let baseDirectory):
            scene = try SceneDecoder.decode(
                data, fileName: displayName, baseDirectory: baseDirectory,
                overrides: overrides.values, colorScheme: overrides.colorScheme, parsed: parsed)
        }
        scene.inputRoot = root
        if overrides.systemFonts { scene.systemFonts = true }
        if let fps = overrides.fps { scene.canvas.fps = fps }
        if let scale = overrides.scale { scene.canvas.scale = scale }
        if let direction = overrides.layoutDirection { scene.canvas.layoutDirection = direction }
        scene.canvas.layoutDirection = scene.resolvedLayoutDirection
        return scene
    }

    /// Stages 2–5 on a scene from `decode()`, stopping at the first failure.
    /// - Throws: the failing stage's `Diagnostic` or `DiagnosticList`, unchanged.
    public func prepare(_ scene: Scene) throws -> PreparedScene {
        try LoadingStages.prepare(scene, limits: limits)
    }

    /// Every stage, stopping at the first failure.
    public func load() throws -> PreparedScene {
        try prepare(decode())
    }

    /// Every problem of every stage, in stage order, then the WCAG warnings of the animation
    /// (`MotionSafety`); empty when the scene would load and has none.
    public func problems() -> [Diagnostic] {
        var stages = LoadingStages(collecting: true)
        // Collecting stages record their errors instead of throwing, so these `try?` drop nothing.
        if let scene = try? stages.run(decode), let prepared = try? stages.prepare(scene, limits: limits) {
            // The WCAG warnings a render would give, for the animated formats that loop (GIF,
            // WebP, APNG, SVG: the default output), so they show before anything renders.
            return stages.problems + prepared.motionWarnings(for: .gif)
        }
        return stages.problems
    }
}

/// Runs loading stages in one of two modes: throwing the first error (`load`) or collecting the
/// diagnostics of every failing stage and going on (`problems`). One sequence serves both.
struct LoadingStages {
    let collecting: Bool
    private(set) var problems: [Diagnostic] = []

    init(collecting: Bool) { self.collecting = collecting }

    /// The stage's result, or nil after recording its problems (collecting mode only; otherwise
    /// the error is rethrown unchanged so exit codes and messages stay exactly the stage's own).
    mutating func run<Value>(_ stage: () throws -> Value) rethrows -> Value? {
        guard collecting else { return try stage() }
        do {
            return try stage()
        } catch {
            problems += DiagnosticList(describing: error).diagnostics
            return nil
        }
    }

    /// Stages 2–5 in throwing mode.
    static func prepare(_ scene: Scene, limits: WorkLimits?) throws -> PreparedScene {
        var stages = LoadingStages(collecting: false)
        guard let prepared = try stages.prepare(scene, limits: limits) else {
            throw DiagnosticList(stages.problems) // unreachable: in throwing mode a failing stage threw
        }
        return prepared
    }

    /// Stages 2–5. Nil when a stage failed in collecting mode. The fonts are loaded before the
    /// timeline compiles, because a `font.family` list becomes the first installed family and the
    /// timeline (and everything after) sees only that family; their problems are still reported
    /// in stage order, after the timeline's.
    mutating func prepare(_ scene: Scene, limits: WorkLimits?) throws -> PreparedScene? {
        try run { try scene.validateCanvasSize() }
        let loadedFonts = Result { () throws -> FontLibrary in
            let fonts = try SceneFontResolution.library(for: scene)
            try SceneFontResolution.check(scene, with: fonts)
            return fonts
        }
        let scene = (try? loadedFonts.get()).map { SceneFontResolution.resolvingFamilyLists(scene, with: $0) } ?? scene
        let timeline = try run { () throws -> Timeline in
            let timeline = try Timeline(scene: scene, words: UnicodeWords())
            try limits?.check(timeline, of: scene)
            return timeline
        }
        let fonts = try run { try loadedFonts.get() }
        let warnings = fonts.map { SceneFontResolution.warnings(scene, with: $0) } ?? []
        if collecting { problems += warnings }
        let images = try run { try SceneImageResolution.decode(scene) }
        let sounds = try run { try SceneSoundResolution.decode(scene) }
        guard let timeline, let fonts, let images, let sounds else { return nil }
        return PreparedScene(
            scene: scene, timeline: timeline, fonts: fonts, images: images, sounds: sounds, warnings: warnings)
    }
}
