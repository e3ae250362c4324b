import Foundation
import TestSupport
import XCTest

/// Colour, progress styles, help width, versions and shell completions, seen as a user sees them:
/// the binary run as a process, on a pseudo-terminal where it matters.
final class TerminalConventionTests: XCTestCase {
    private var root: URL { KinetypeProcess.packageRoot }
    private let escape = "\u{1B}["

    /// Runs `kinetype arguments` on a pseudo-terminal (util-linux `script`), with `environment`.
    private func runOnTerminal(_ arguments: [String], environment: [String: String]) throws -> String {
        let command = ([KinetypeProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try runTool(
            "/usr/bin/script", ["-qfec", command, "/dev/null"], environment: environment)
        return result.stdout
    }

    private func runTool(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> KinetypeProcess.Result
    {
        // The test runner's own environment may ask for no colour; each test says what it wants.
        let result = try ChildProcess.run(
            URL(fileURLWithPath: path), arguments, in: root, environment: environment, unset: ["NO_COLOR"],
            stderr: .discarded)
        return KinetypeProcess.Result(status: result.status, stdout: result.stdoutText, stderr: "")
    }

    private func outputPath() throws -> String {
        try KinetypeProcess.temporaryFolder(self).appendingPathComponent("out.gif").path
    }

    func testTerminalGetsColourAndABarButDumbTerminalsAndNoColorDoNot() throws {
        let arguments = ["render", "Templates/hello.json", "--set", "unused=1", "--fps", "10", "-o", try outputPath()]
        let coloured = try runOnTerminal(arguments, environment: ["TERM": "xterm"])
        XCTAssertTrue(coloured.contains("kinetype: \(escape)1;33mwarning:\(escape)0m --set unused"), coloured)
        XCTAssertTrue(coloured.contains("\r[") && coloured.contains("frames"), "a redrawn bar: \(coloured)")

        let dumb = try runOnTerminal(arguments, environment: ["TERM": "dumb"])
        XCTAssertFalse(dumb.contains(escape), dumb)
        XCTAssertTrue(dumb.contains("kinetype: warning: --set unused"), dumb)
        XCTAssertFalse(dumb.contains("ETA"), "no bar on a dumb terminal: \(dumb)")

        let noColor = try runOnTerminal(arguments, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        XCTAssertTrue(noColor.contains("kinetype: warning: --set unused"), noColor)
        XCTAssertFalse(noColor.contains("\(escape)1;33m"), noColor)

        let never = try runOnTerminal(arguments + ["--color", "never"], environment: ["TERM": "xterm"])
        XCTAssertFalse(never.contains("\(escape)1;33m"), never)
    }

    func testColorAlwaysColoursAPipe() throws {
        let result = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--still", "99", "--color", "always", "-o", try outputPath() + ".png"],
            in: root)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("kinetype: \(escape)1;31merror:\(escape)0m --still 99"), result.stderr)
        let plain = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--still", "99", "-o", try outputPath() + ".png"], in: root)
        XCTAssertTrue(plain.stderr.hasPrefix("kinetype: error: --still 99"), plain.stderr)
    }

    func testPlainAndJSONProgressForLogs() throws {
        let plain = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--progress", "plain", "--fps", "10", "-o", try outputPath()], in: root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let lines = plain.stderr.split(separator: "\n").filter { $0.hasPrefix("kinetype: frames ") }
        XCTAssertFalse(plain.stderr.contains("\r") || plain.stderr.contains(escape), plain.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("kinetype: frames 50/50 (100%)") }, plain.stderr)
        // One count of tenths for the whole render, over the palette and frames passes alike.
        let progressLines = plain.stderr.split(separator: "\n").filter {
            $0.hasPrefix("kinetype: frames ") || $0.hasPrefix("kinetype: palette ")
        }
        XCTAssertLessThanOrEqual(progressLines.count, 11, "one line per tenth of the render: \(plain.stderr)")
        let percents = progressLines.compactMap { line in
            line.split(separator: "(").dropFirst().first?.split(separator: "%").first.flatMap { Int($0) }
        }
        XCTAssertEqual(percents, percents.sorted(), "the share never goes back: \(plain.stderr)")
        XCTAssertEqual(percents.last, 100, plain.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains(" frames/s, ETA ") }, "rates carry their unit: \(plain.stderr)")

        let json = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--progress", "json", "--fps", "10", "-o", try outputPath()], in: root)
        XCTAssertEqual(json.status, 0, json.stderr)
        let objects = try json.stderr.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let fractions = objects.compactMap { $0["fraction"] as? Double }
        XCTAssertEqual(fractions.count, objects.count, json.stderr)
        XCTAssertEqual(fractions, fractions.sorted(), "one share of the whole render: \(json.stderr)")
        let last = try XCTUnwrap(objects.last)
        XCTAssertEqual(last["done"] as? Int, 50)
        XCTAssertEqual(last["total"] as? Int, 50)
        XCTAssertEqual(last["phase"] as? String, "frames")
        XCTAssertNotNil(last["remaining"] as? Double)

        let quietBar = try runOnTerminal(
            ["render", "Templates/hello.json", "-q", "--fps", "10", "-o", try outputPath()],
            environment: ["TERM": "xterm"])
        XCTAssertFalse(quietBar.contains("ETA"), quietBar)
    }

    /// A warning known before the first frame (a GIF above 50 fps) is printed before the progress,
    /// not after a long render, and once.
    func testWarningsKnownBeforeRenderingComeFirst() throws {
        let result = try KinetypeProcess.run(
            ["render", "Templates/hello.json", "--progress", "plain", "--fps", "60", "-o", try outputPath()], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        let warning = try XCTUnwrap(lines.firstIndex { $0.contains("GIF shows at most 50 frames per second") })
        let progress = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("kinetype: palette ") })
        XCTAssertLessThan(warning, progress, result.stderr)
        XCTAssertEqual(lines.filter { $0.contains("at most 50 frames per second") }.count, 1, result.stderr)
    }

    func testVerifyShowsProgressOnATerminal() throws {
        let golden = try KinetypeProcess.temporaryFolder(self).path
        let output = try runOnTerminal(
            ["verify", "Templates/hello.json", "--golden", golden, "--frames", "sample:5", "--progress", "plain"],
            environment: ["TERM": "xterm"])
        XCTAssertTrue(output.contains("kinetype: frames of scene 1/1 ") && output.contains(" (100%)"), output)
    }

    func testHelpIsWrappedToTheTerminalWidth() throws {
        for width in [60, 100] {
            let result = try KinetypeProcess.run(["help", "batch"], environment: ["COLUMNS": "\(width)"])
            XCTAssertEqual(result.status, 0)
            let tooLong = result.stdout.split(separator: "\n").filter { $0.count > width }
            XCTAssertEqual(tooLong, [], "width \(width)")
            XCTAssertTrue(result.stdout.contains("--shard"))
        }
        let overview = try KinetypeProcess.run(["--help"], environment: ["COLUMNS": "60"])
        XCTAssertTrue(overview.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, overview.stdout)
        XCTAssertTrue(overview.stdout.contains("completions"), overview.stdout)
    }

    func testVersionVerboseListsTheLibraries() throws {
        let short = try KinetypeProcess.run(["--version"])
        XCTAssertEqual(short.stdout.split(separator: "\n").count, 1, short.stdout)
        let verbose = try KinetypeProcess.run(["--version", "--verbose"])
        XCTAssertEqual(verbose.status, 0)
        for library in [
            "cairo", "pango", "harfbuzz", "freetype", "fontconfig", "libpng", "giflib", "libimagequant",
            "libwebp",
        ] {
            let line = verbose.stdout.split(separator: "\n").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(library + " ")
            }
            let version = try XCTUnwrap(line, "\(library) in \(verbose.stdout)").split(separator: " ").last ?? ""
            XCTAssertTrue(version.first?.isNumber == true, "\(library): \(version)")
        }
        XCTAssertTrue(verbose.stdout.contains("ffmpeg "), verbose.stdout)
        let misspelt = try KinetypeProcess.run(["-v"])
        XCTAssertEqual(misspelt.status, 64)
        XCTAssertTrue(misspelt.stderr.contains("did you mean --version?"), misspelt.stderr)
    }

    func testBashCompletesCommandsOptionsAndValues() throws {
        let script = try KinetypeProcess.run(["completions", "bash"]).stdout
        let file = try KinetypeProcess.temporaryFolder(self).appendingPathComponent("kinetype.bash")
        try Data(script.utf8).write(to: file)
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let program =
                "source '\(file.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _kinetype; printf '%s\\n' \"${COMPREPLY[@]}\""
            return try runTool("/bin/bash", ["-c", program]).stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["kinetype", "ren"]), ["render"])
        XCTAssertEqual(try complete(["kinetype", "render", "--dit"]), ["--dither"])
        XCTAssertEqual(try complete(["kinetype", "render", "--dither", "o"]), ["ordered"])
        XCTAssertEqual(try complete(["kinetype", "batch", "--format", "w"]), ["webp", "webm"])
        XCTAssertEqual(try complete(["kinetype", "render", "--format", "a"]), ["apng"], "render's formats too")
        XCTAssertEqual(try complete(["kinetype", "render", "Templates/hel"]), ["Templates/hello.json"])
        XCTAssertEqual(
            try complete(["kinetype", "render", "Templates/whats-new/note"]), ["Templates/whats-new/note-card.json"],
            "batch data (note-card.data.json) is no scene")
        XCTAssertEqual(try complete(["kinetype", "completions", "z"]), ["zsh"])
    }

    func testFishCompletesAndZshParses() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let fish = folder.appendingPathComponent("kinetype.fish")
        try Data(try KinetypeProcess.run(["completions", "fish"]).stdout.utf8).write(to: fish)
        let fishPath = try XCTUnwrap(
            ["/usr/bin/fish", "/bin/fish"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "scripts/setup installs fish")
        let values = try runTool(fishPath, ["-c", "source '\(fish.path)'; complete -C 'kinetype render --dither '"])
        XCTAssertEqual(
            values.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }, ["diffusion", "none", "ordered"])
        let scenes = try runTool(
            fishPath, ["-c", "source '\(fish.path)'; complete -C 'kinetype render Templates/whats-new/note'"])
        XCTAssertEqual(
            scenes.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] },
            ["Templates/whats-new/note-card.json"], "batch data is no scene")
        let commands = try runTool(fishPath, ["-c", "source '\(fish.path)'; complete -C 'kinetype val'"])
        XCTAssertTrue(commands.stdout.hasPrefix("validate\t"), commands.stdout)

        let zsh = folder.appendingPathComponent("_kinetype")
        try Data(try KinetypeProcess.run(["completions", "zsh"]).stdout.utf8).write(to: zsh)
        let zshPath = try XCTUnwrap(
            ["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "scripts/setup installs zsh")
        XCTAssertEqual(try runTool(zshPath, ["-n", zsh.path]).status, 0)
        let bad = try KinetypeProcess.run(["completions", "bsh"])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains(#"did you mean "bash"?"#), bad.stderr)
    }
}
