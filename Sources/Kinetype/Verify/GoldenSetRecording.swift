import Foundation
import KinetypeEncode

/// The goldens `verify` records for one scene's folder set, written as a whole: the first new
/// golden starts a temporary copy of the set beside it (`AtomicFolder`), every golden and
/// `environment.json` go into that copy, and `commit` swaps it in at once. Until then the set on
/// disk is exactly as it was, so an interrupted or failed run never leaves a half-recorded set.
final class GoldenSetRecording {
    private let folder: URL
    private var temporary: AtomicFolder?

    /// A recording for the set at `folder` (made, with its parent, on the first golden).
    init(folder: URL) {
        self.folder = folder
    }

    /// True once a golden was written.
    var hasGoldens: Bool { temporary != nil }

    /// Writes the golden frame `name` into the temporary copy.
    func write(_ image: Image, named name: String) throws {
        try PNGCodec.write(image, to: start().temporaryFile(named: name))
    }

    /// Adds `environment` and puts the recorded set in place; does nothing when nothing was recorded.
    func commit(environment: GoldenEnvironment) throws {
        guard let temporary else { return }
        try environment.write(to: temporary.temporaryFile(named: GoldenVerifier.environmentFile))
        try temporary.commit()
    }

    /// Drops everything recorded; the set on disk stays as it was.
    func discard() {
        temporary?.discard()
    }

    private func start() throws -> AtomicFolder {
        if let temporary { return temporary }
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot create the golden folder \(parent.path): \(error.localizedDescription)"
            ).fail()
        }
        let made = try AtomicFolder(destination: folder)
        try made.seedFromDestination()
        temporary = made
        return made
    }
}
