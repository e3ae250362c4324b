import Foundation
import XCTest

/// Debian's chromium, run headless as a process: what a person would see of kinetype's pages.
/// Each run gets its own profile folder, so runs in parallel cannot share state.
struct HeadlessChromium {
    let executable: URL

    /// The installed chromium; skips the test when there is none (`scripts/setup` installs it).
    static func installed() throws -> HeadlessChromium {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return HeadlessChromium(executable: candidate)
                }
            }
        }
        throw XCTSkip("chromium is not installed; scripts/setup installs it")
    }

    /// A running chromium that prints the page's DOM once `budget` ms of the page's (virtual) time
    /// have run. Virtual time stands still while a request is pending, so a page waiting on the
    /// server keeps it alive until the server answers or goes away.
    final class Run {
        let process = Process()
        private let output = Pipe()
        private let collected = DispatchGroup()
        private var data = Data()

        init(_ chromium: HeadlessChromium, arguments: [String], profile: URL) throws {
            process.executableURL = chromium.executable
            process.arguments =
                [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars", "--mute-audio",
                    "--user-data-dir=\(profile.path)",
                ] + arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            collected.enter()
            DispatchQueue.global().async { [self] in
                data = output.fileHandleForReading.readDataToEndOfFile()
                collected.leave()
            }
        }

        /// What chromium printed, once it exited; fails (and stops it) if it has not exited after
        /// `limit` seconds, which only a hung browser takes.
        func finish(limit: Double = 120, file: StaticString = #filePath, line: UInt = #line) -> String {
            var waited = 0.0
            while process.isRunning, waited < limit {
                usleep(50_000)
                waited += 0.05
            }
            if process.isRunning {
                XCTFail("chromium did not finish", file: file, line: line)
                process.terminate()
            }
            process.waitUntilExit()
            collected.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Starts chromium printing the DOM of `url` after `budget` ms of page time.
    func startDumpingDOM(of url: String, budget: Int, profile: URL) throws -> Run {
        try Run(self, arguments: ["--virtual-time-budget=\(budget)", "--dump-dom", url], profile: profile)
    }

    /// The DOM of `url` after `budget` ms of page time.
    func dumpDOM(of url: String, budget: Int = 3000, profile: URL) throws -> String {
        try startDumpingDOM(of: url, budget: budget, profile: profile).finish()
    }

    /// Saves a screenshot of `url` as PNG.
    func screenshot(of url: String, to file: URL, width: Int, height: Int, budget: Int = 3000, profile: URL) throws {
        _ = try Run(
            self,
            arguments: [
                "--virtual-time-budget=\(budget)", "--window-size=\(width),\(height)", "--screenshot=\(file.path)", url,
            ], profile: profile
        ).finish()
    }
}

/// Reading a dumped DOM.
enum DOM {
    /// The attributes of the first start tag matching `pattern` (a regular expression for the
    /// inside of the tag after its name, e.g. `body` or `img id="frame"`).
    static func attributes(ofFirst tag: String, in dom: String) -> [String: String]? {
        guard let range = dom.range(of: "<\(tag)(\\s[^>]*)?>", options: .regularExpression) else { return nil }
        return attributes(in: String(dom[range]))
    }

    /// Every start tag `<name …>` in `dom`, in order.
    static func tags(_ name: String, in dom: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: "<\(name)(\\s[^>]*)?>")
        return expression.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map {
            String(dom[Range($0.range, in: dom)!])
        }
    }

    /// The `name="value"` attributes of one start tag.
    static func attributes(in tag: String) -> [String: String] {
        let expression = try! NSRegularExpression(pattern: "([a-zA-Z-]+)=\"([^\"]*)\"")
        var result: [String: String] = [:]
        for match in expression.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)) {
            result[String(tag[Range(match.range(at: 1), in: tag)!])] = String(tag[Range(match.range(at: 2), in: tag)!])
        }
        return result
    }
}
