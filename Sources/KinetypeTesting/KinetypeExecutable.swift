import Foundation

/// Which `kinetype` an `assertScene` runs: the one the test names (`kinetype:`), else the path in
/// the `KINETYPE` environment variable, else the first `kinetype` on `PATH` — the portable bundle
/// `make install` links there, or the one CI unpacked. It renders with its own pinned libraries and
/// fonts, so a test's pixels are those of that kinetype wherever the test runs.
public enum KinetypeExecutable {
    /// The environment variable that names the executable.
    public static let variable = "KINETYPE"

    /// Why no executable was found, as the end of a failure message.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The executable to run.
    public static func find(_ given: String?, environment: [String: String]) -> Result<URL, Problem> {
        if let given {
            return executable(given, source: "kinetype: \(given)")
        }
        if let named = environment[variable], !named.isEmpty {
            return executable(named, source: "\(variable)=\(named)")
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("kinetype")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
        }
        return .failure(
            Problem(
                message: "assertScene runs the kinetype command, and there is none on PATH; install it (make install "
                    + "PREFIX=$HOME/.local in a kinetype checkout, or unpack the release tarball and put its bin/ on "
                    + "PATH), or name it with \(variable)=/path/to/kinetype or assertScene(…, kinetype:)"))
    }

    private static func executable(_ path: String, source: String) -> Result<URL, Problem> {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(Problem(message: "\(source) is not an executable file"))
        }
        return .success(URL(fileURLWithPath: path))
    }
}
