import Foundation
import XCTest

/// The Python of `scripts/setup`'s venv, which the Lottie and SVG checks run their checkers with
/// (Pillow, the Lottie schema and players).
enum CheckerPython {
    /// The venv's Python, or nil when it is not there.
    static var path: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["KINETYPE_LOTTIE_PYTHON"], !given.isEmpty { return URL(fileURLWithPath: given) }
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        let python = cache.appendingPathComponent("kinetype/lottie-venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    /// The Python, or a skip that says how to get it (a failure under CI, where `scripts/setup`
    /// installs it).
    static func required() throws -> URL {
        if let python = path { return python }
        let message =
            "the Lottie and SVG checks need scripts/setup's Python venv (lottie-specs, jsonschema, rlottie-python, "
            + "thorvg-python, pillow) at ~/.cache/kinetype/lottie-venv, or KINETYPE_LOTTIE_PYTHON"
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            XCTFail(message)
            throw XCTSkip(message)
        }
        throw XCTSkip(message)
    }
}
