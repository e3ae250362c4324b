import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where kinetype keeps the files it renders with: `share/kinetype` (its font set and, in the
/// portable bundle, `bundle.json`). In the bundle and an installed kinetype that is beside the
/// folder of the executable (`bin/`'s sibling; where `/proc` is not mounted, the command-line tool
/// finds its folder from `argv[0]` and sets `KINETYPE_HOME`); in a source build it is
/// `.build/<triple>/share/kinetype`, which `scripts/fonts` makes. `KINETYPE_HOME` names the folder
/// that holds `share/` for any other program that links the library (a test runner, say).
public enum KinetypeHome {
    /// The environment variable that names the folder holding `share/kinetype`.
    public static let environmentVariable = "KINETYPE_HOME"

    /// `share/kinetype` of this process (it may not exist).
    public static let share: URL = share(
        environment: getenv(environmentVariable).map { [environmentVariable: String(cString: $0)] } ?? [:])

    /// `share/kinetype` under `KINETYPE_HOME` when it is set, else beside the executable's folder.
    static func share(environment: [String: String]) -> URL {
        if let home = environment[environmentVariable], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("share/kinetype")
        }
        return executableFolder().deletingLastPathComponent().appendingPathComponent("share/kinetype")
    }

    /// The folder of this process's executable, symbolic links resolved; the current folder when
    /// the system cannot tell (no `/proc`).
    static func executableFolder() -> URL {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if length > 0 {
                let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return URL(fileURLWithPath: path).deletingLastPathComponent()
            }
        #else
            if let path = Bundle.main.executableURL?.resolvingSymlinksInPath() {
                return path.deletingLastPathComponent()
            }
        #endif
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }
}
