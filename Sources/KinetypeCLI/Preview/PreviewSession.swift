import Foundation
import Kinetype

/// The scene `kinetype preview` shows, kept current: it loads the scene, watches the scene file,
/// its fonts and its pictures (size, modification time and inode, polled), reloads on a change and
/// counts versions so the page knows when to refresh. A scene that fails to load is kept as its
/// diagnostics, and the session goes on watching. Frames are rendered on demand and their PNGs
/// cached up to `frameCacheBytes`.
final class PreviewSession: Sendable {
    /// The PNG bytes of rendered frames kept for the current version.
    static let frameCacheBytes = 256 << 20

    let scenePath: String
    private let overrides: SceneOverrides
    private let root: InputRoot?
    private let limits: WorkLimits
    private let state = Locked(State())

    private struct State {
        var version = 0
        var scene: PreparedScene?
        var document = PreviewState(version: 0, scene: "", path: "", ok: false)
        var watched: [String: FileStamp] = [:]
        var cache: [Int: Data] = [:]
        var cacheOrder: [Int] = []
        var cacheBytes = 0
        /// Pages waiting in `waitForChange`, by the version they have.
        var waiting: [Int: Int] = [:]
    }

    init(scenePath: String, overrides: SceneOverrides, root: InputRoot?, limits: WorkLimits) {
        self.scenePath = scenePath
        self.overrides = overrides
        self.root = root
        self.limits = limits
    }

    /// The current version: 1 after the first load, one more after each reload.
    var version: Int { state.withLock { $0.version } }

    /// The page's view of the current version.
    var document: PreviewState { state.withLock { $0.document } }

    /// Loads the scene when one of the watched files changed since the last load (always the first
    /// time). Returns whether it loaded.
    @discardableResult
    func reloadIfChanged() -> Bool {
        let (watchedPaths, stamps) = state.withLock { state in
            (Array(state.watched.keys), state.watched)
        }
        let paths = watchedPaths.isEmpty ? [scenePath] : watchedPaths
        let now = Dictionary(uniqueKeysWithValues: paths.map { ($0, FileStamp(path: $0)) })
        guard stamps.isEmpty || now != stamps else { return false }
        load()
        return true
    }

    /// Loads the scene, records what to watch, and publishes a new version.
    private func load() {
        let sceneStamp = FileStamp(path: scenePath)
        let loader = SceneLoader(
            .file(path: scenePath), overrides: overrides, root: root, limits: limits)
        var prepared: PreparedScene?
        var diagnostics: [Diagnostic] = []
        do {
            prepared = try loader.load()
        } catch {
            diagnostics = loader.problems()
            if diagnostics.isEmpty { diagnostics = DiagnosticList(describing: error).diagnostics }
        }
        let previous = state.withLock { Set($0.watched.keys) }
        var files = [scenePath: sceneStamp]
        // After a failure, keep watching the files the last good version read: fixing one reloads.
        for path in prepared.map({ $0.inputFiles.map(\.path) }) ?? Array(previous) where path != scenePath {
            files[path] = FileStamp(path: path)
        }
        state.withLock { state in
            state.version += 1
            state.scene = prepared
            state.watched = files
            state.cache = [:]
            state.cacheOrder = []
            state.cacheBytes = 0
            state.document = PreviewState(
                version: state.version, scenePath: scenePath, prepared: prepared, diagnostics: diagnostics,
                watched: files.keys.sorted())
        }
    }

    /// The PNG of frame `index` of the current version, or nil when there is no such frame.
    func framePNG(_ index: Int) throws -> Data? {
        let (version, scene, cached) = state.withLock { state in
            (state.version, state.scene, state.cache[index])
        }
        if let cached { return cached }
        guard let scene, (0..<scene.timeline.frameCount).contains(index) else { return nil }
        let png = try scene.renderFramePNG(index)
        state.withLock { state in
            guard state.version == version, state.cache[index] == nil else { return }
            state.cache[index] = png
            state.cacheOrder.append(index)
            state.cacheBytes += png.count
            while state.cacheBytes > Self.frameCacheBytes, !state.cacheOrder.isEmpty {
                let evicted = state.cacheOrder.removeFirst()
                state.cacheBytes -= state.cache.removeValue(forKey: evicted)?.count ?? 0
            }
        }
        return png
    }

    /// Waits until the version is no longer `version` or `timeout` seconds passed, then returns
    /// the current version and how many pages wait on it.
    func waitForChange(from version: Int, timeout: Double) -> (version: Int, watching: Int) {
        state.withLock { $0.waiting[version, default: 0] += 1 }
        defer { state.withLock { $0.waiting[version, default: 1] -= 1 } }
        var waited = 0.0
        while waited < timeout, self.version == version {
            usleep(50_000)
            waited += 0.05
        }
        return watchers()
    }

    /// The current version and how many pages are waiting for it to change (pages that show it).
    func watchers() -> (version: Int, watching: Int) {
        state.withLock { ($0.version, $0.waiting[$0.version] ?? 0) }
    }
}

/// What identifies a file's content cheaply: inode, size and modification time to the nanosecond,
/// or that it is missing.
struct FileStamp: Equatable, Sendable {
    var inode: UInt64 = 0
    var size: Int64 = -1
    var seconds: Int = 0
    var nanoseconds: Int = 0

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}
