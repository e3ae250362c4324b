import Foundation

/// The folder (`--root DIR`) that every file a scene names must lie in after symlinks are
/// resolved: fonts, images, and anything else a scene or a batch data value can make kinetype read.
/// A path outside is refused with the same error whether or not it exists.
public struct InputRoot: Equatable, Sendable {
    /// The folder's real path (no symlinks, no trailing slash except for `/`).
    public let path: String

    /// The root at `folder`, which must be an existing folder.
    public init(_ folder: String) throws(InputFileError) {
        guard let real = Self.realPath(folder) else { throw .missing }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory) else { throw .missing }
        guard isDirectory.boolValue else { throw .notRegular("a file") }
        path = real
    }

    /// The real path of the absolute `path` when it lies inside the root; `.outsideRoot` otherwise.
    /// A path that does not exist is judged by its deepest existing folder plus the rest of the
    /// path, so a missing file inside the root is `.missing`, one outside `.outsideRoot`; anything
    /// that exists but has no real path (a dangling symlink) is `.outsideRoot`.
    public func confine(_ path: String) throws(InputFileError) -> String {
        if let real = Self.realPath(path) {
            guard contains(real) else { throw .outsideRoot }
            return real
        }
        var components = URL(fileURLWithPath: path).pathComponents
        var rest: [String] = []
        while components.count > 1, Self.realPath(NSString.path(withComponents: components)) == nil {
            // Something is there yet has no real path (a dangling symlink, a loop): where it
            // points is unknown, so it is refused like a path outside.
            var info = stat()
            if lstat(NSString.path(withComponents: components), &info) == 0 { throw .outsideRoot }
            rest.insert(components.removeLast(), at: 0)
        }
        var resolved = (Self.realPath(NSString.path(withComponents: components)) ?? "/")
            .split(separator: "/").map(String.init)
        for component in rest {
            switch component {
            case ".", "": continue
            case "..": if !resolved.isEmpty { resolved.removeLast() }
            default: resolved.append(component)
            }
        }
        guard contains("/" + resolved.joined(separator: "/")) else { throw .outsideRoot }
        throw .missing
    }

    /// Whether the real path `real` is the root or lies inside it.
    private func contains(_ real: String) -> Bool {
        path == "/" || real == path || real.hasPrefix(path + "/")
    }

    private static func realPath(_ path: String) -> String? {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return nil }
        return resolved.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
