import Foundation

/// The `kinetype` this build made, next to the test bundle in the build folder: what the suite's
/// own `assertScene` calls run (a consumer's run the installed one).
enum BuiltKinetype {
    static var url: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("kinetype")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("kinetype")
    }

    static var path: String { url.path }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
