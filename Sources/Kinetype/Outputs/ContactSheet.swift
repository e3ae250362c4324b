import Foundation
import KinetypeEncode
import KinetypeRender

/// A PNG grid of frames sampled evenly through the animation, each labelled with its time: for
/// reviews, pull requests and READMEs.
struct ContactSheet {
    let prepared: PreparedScene
    var samples = 12
    var columns = 4
    /// Width of one thumbnail in pixels (at most the frame's own width).
    var thumbnailWidth = 320

    private let gap = 12
    private let labelHeight = 22

    /// Frame indices sampled: the first, the last, and evenly in between.
    var sampledFrames: [Int] {
        let count = prepared.timeline.frameCount
        let n = min(samples, count)
        guard n > 1 else { return [0] }
        let spacing = Double(count - 1) / Double(n - 1)
        return (0..<n).map { (index: Int) -> Int in Int((Double(index) * spacing).rounded()) }
    }

    func write(to url: URL, jobs: Int, group: OutputGroup? = nil) throws {
        let frames = sampledFrames
        let canvas = prepared.scene.canvas
        let cellWidth = min(thumbnailWidth, canvas.pixelWidth)
        let cellHeight = max(
            1, Int((Double(canvas.pixelHeight) * Double(cellWidth) / Double(canvas.pixelWidth)).rounded()))
        let columnCount = min(columns, frames.count)
        let rowCount = (frames.count + columnCount - 1) / columnCount
        let sheetWidth = gap + columnCount * (cellWidth + gap)
        let sheetHeight = gap + rowCount * (cellHeight + labelHeight + gap)
        var sheet = Image(width: sheetWidth, height: sheetHeight, fill: (236, 236, 240, 255))
        // Labels use kinetype's own fonts, whatever fonts the scene itself is limited to.
        let labels = try FrameRenderer(
            scene: prepared.scene, fonts: FontLibrary(fontFiles: [], systemFonts: false),
            images: prepared.images)

        try prepared.pipeline(jobs: jobs, isCancelled: { false }).run(frames: frames) { index, frame in
            let position = frames.firstIndex(of: index)!
            let x = gap + (position % columnCount) * (cellWidth + gap)
            let y = gap + (position / columnCount) * (cellHeight + labelHeight + gap)
            sheet.draw(Image.checkerboard(width: cellWidth, height: cellHeight), atX: x, y: y)
            sheet.draw(frame.resized(toWidth: cellWidth), atX: x, y: y)
            let time = prepared.timeline.time(ofFrame: index)
            let label = try labels.render(
                labelState(
                    String(format: "%.2f s · frame %d", time, index + 1),
                    width: cellWidth))
            sheet.draw(label, atX: x, y: y + cellHeight)
        }
        try AtomicFile.write(PNGCodec.encode(sheet), to: url, group: group)
    }

    /// A one-line grey label at 1 px per point.
    private func labelState(_ text: String, width: Int) -> FrameState {
        let textState = TextState(
            runs: [TextRun(text: text)], font: ResolvedFont(size: 12),
            color: Color(red: 0.3, green: 0.3, blue: 0.35))
        let layer = LayerState(
            index: 0, content: .text(textState),
            frame: LayerFrame(x: 0, y: 0, width: Double(width), height: Double(labelHeight)),
            alignment: .center)
        return FrameState(
            index: 0, time: 0,
            canvas: CanvasState(
                width: Double(width), height: Double(labelHeight), scale: 1,
                background: .transparent),
            layers: [layer])
    }
}

extension Image {
    /// A light grey checkerboard, shown behind transparent frames.
    static func checkerboard(width: Int, height: Int, square: Int = 8) -> Image {
        var image = Image(width: width, height: height, fill: (255, 255, 255, 255))
        for y in 0..<height {
            for x in 0..<width where ((x / square) + (y / square)) % 2 == 1 {
                let i = (y * width + x) * 4
                image.pixels[i] = 214
                image.pixels[i + 1] = 214
                image.pixels[i + 2] = 220
            }
        }
        return image
    }
}
