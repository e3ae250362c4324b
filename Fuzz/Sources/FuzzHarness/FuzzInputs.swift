import Foundation

/// `Fuzz/Inputs/`: the files the harnesses read. Scene image `src`s resolve here (it holds
/// `image.png`, 16×16, so a scene can name a real image), and the batch-data target expands
/// `template.json`.
enum FuzzInputs {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Inputs", isDirectory: true).standardizedFileURL
}
