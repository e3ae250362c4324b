import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeRender

/// Scenes, states and a shared font library for the renderer tests.
enum Fixtures {
    /// System fonts (DejaVu, Noto, Inter); built once, shared like the real library is.
    static let systemFonts: FontLibrary = {
        do { return try FontLibrary(fontFiles: [], systemFonts: true) } catch { fatalError("font library: \(error)") }
    }()

    static func scene(width: Double, height: Double, scale: Double = 1, layers: [Layer] = []) -> Scene {
        var canvas = Canvas(width: width, height: height)
        canvas.scale = scale
        return Scene(canvas: canvas, layers: layers)
    }

    /// A scene with a layer for each hand-built state, as a timeline would have made them from it:
    /// the image layers show the states' pictures (the renderer resolves them when it is made),
    /// every other layer is a rectangle.
    static func scene(width: Double, height: Double, drawing states: [LayerState]) -> Scene {
        var layers = [Layer](repeating: Layer(content: .rect), count: (states.map(\.index).max() ?? -1) + 1)
        for state in states {
            if case .image(let content) = state.content { layers[state.index] = Layer(content: .image(content)) }
        }
        return scene(width: width, height: height, layers: layers)
    }

    /// The pictures of PNG files, keyed by their paths as a loader would.
    static func images(_ files: [URL]) throws -> SceneImages {
        var images: [String: DecodedImage] = [:]
        for file in files {
            images[SceneImages.key(forResolvedPath: file.path)] = try XCTUnwrap(
                DecodedImage.decodePNG(Data(contentsOf: file)))
        }
        return SceneImages(images)
    }

    static func renderer(_ scene: Scene) throws -> FrameRenderer {
        try FrameRenderer(scene: scene, fonts: systemFonts)
    }

    static func text(
        _ string: String, size: Double = 17, family: String? = nil, color: Color = .black,
        alignment: TextAlignment = .leading
    ) -> TextState {
        TextState(
            runs: [TextRun(text: string)], font: ResolvedFont(family: family, size: size), color: color,
            textAlignment: alignment)
    }

    static func frame(
        width: Double, height: Double, scale: Double = 1, background: Fill = .color(.white),
        layers: [LayerState]
    ) -> FrameState {
        FrameState(
            index: 0, time: 0, canvas: CanvasState(width: width, height: height, scale: scale, background: background),
            layers: layers)
    }

    static func textLayer(
        _ text: TextState, frame: LayerFrame, alignment: Alignment = .topLeading,
        padding: EdgeInsets = .zero, index: Int = 0
    ) -> LayerState {
        LayerState(index: index, content: .text(text), frame: frame, alignment: alignment, padding: padding)
    }

    /// Renders one frame with a fresh renderer for a canvas of the frame's size.
    static func render(_ frame: FrameState) throws -> Image {
        try renderer(scene(width: frame.canvas.width, height: frame.canvas.height, scale: frame.canvas.scale)).render(
            frame)
    }
}

/// Pixel helpers for assertions.
extension Image {
    /// Bounding box (x0, y0, x1, y1 exclusive) of pixels that differ from `background`, or nil.
    func inkBounds(background: (UInt8, UInt8, UInt8, UInt8)) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                if (p.r, p.g, p.b, p.a) != background {
                    x0 = Swift.min(x0, x)
                    y0 = Swift.min(y0, y)
                    x1 = Swift.max(x1, x + 1)
                    y1 = Swift.max(y1, y + 1)
                }
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1, y1)
    }

    func countPixels(where predicate: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var count = 0
        for y in 0..<height { for x in 0..<width where predicate(pixel(x: x, y: y)) { count += 1 } }
        return count
    }
}
