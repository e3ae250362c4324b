import Foundation
import TestSupport
import XCTest

/// `render -` (scene on standard input), `-o -` (file to standard output), and inputs named on the
/// command line that are pipes (`--data -`, `--data <(…)`, a scene `<(…)`), run through a shell as
/// a user would.
final class StreamTests: XCTestCase {
    private let tiny = KinetypeProcess.fixtures.appendingPathComponent("tiny.json").path

    /// Runs `script` in bash with `$K` set to the kinetype binary, in `folder`.
    private func shell(_ script: String, in folder: URL) throws -> KinetypeProcess.Result {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: folder,
            environment: ["K": KinetypeProcess.executable.path, "TINY": tiny], stdout: .discarded)
        return KinetypeProcess.Result(status: result.status, stdout: "", stderr: result.stderrText)
    }

    func testPipedSceneToStandardOutputEqualsTheFileWrittenDirectly() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try shell(
            """
            set -e
            "$K" render "$TINY" -o direct.gif -q
            cat "$TINY" | "$K" render - -o - --format GIF > piped.gif
            """, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Wrote standard output (23 frames"), result.stderr)
        let direct = try Data(contentsOf: folder.appendingPathComponent("direct.gif"))
        let piped = try Data(contentsOf: folder.appendingPathComponent("piped.gif"))
        XCTAssertEqual(String(decoding: piped.prefix(6), as: UTF8.self), "GIF89a")
        XCTAssertEqual(piped, direct, "the streamed GIF is byte for byte the file")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["direct.gif", "piped.gif"])
    }

    /// A piped scene is read once and rendered in both appearances; standard output holds one file,
    /// so both appearances to it are refused before anything is written.
    func testPipedSceneRendersInBothAppearancesButStandardOutputTakesOne() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let both = try shell(
            #"cat "$TINY" | "$K" render - -o card.gif --color-scheme light,dark -q"#, in: folder)
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["card-dark.gif", "card.gif"])
        let streamed = try shell(
            #"cat "$TINY" | "$K" render - -o - --format gif --color-scheme light,dark > streamed.gif"#, in: folder)
        XCTAssertEqual(streamed.status, 64, streamed.stderr)
        XCTAssertTrue(streamed.stderr.contains("-o - writes one render to standard output"), streamed.stderr)
        let empty = try Data(contentsOf: folder.appendingPathComponent("streamed.gif"))
        XCTAssertEqual(empty.count, 0, "nothing reached standard output")
    }

    func testStillPNGAndVideosStreamTheBytesOfTheFile() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try shell(
            """
            set -e
            for f in mp4 mov; do "$K" render "$TINY" -o direct.$f -q; "$K" render "$TINY" -o - --format $f -q > piped.$f; done
            "$K" render "$TINY" --still 1 -o direct.png -q
            "$K" render "$TINY" --still 1 -o - --format png -q > piped.png
            """, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "--quiet prints nothing, and nothing but the file goes to stdout")
        for name in ["mp4", "mov", "png"] {
            let direct = try Data(contentsOf: folder.appendingPathComponent("direct.\(name)"))
            XCTAssertGreaterThan(direct.count, 100)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("piped.\(name)")), direct, name)
        }
    }

    /// Relative paths in a scene on standard input resolve against the current folder.
    func testStandardInputSceneResolvesImagesAgainstTheCurrentFolder() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        XCTAssertEqual(
            try KinetypeProcess.run(["render", tiny, "--still", "1", "-o", "pic.png"], in: folder).status, 0)
        let scene = """
            {"version": 1, "canvas": {"width": 40, "height": 20, "fps": 10, "duration": 0.2},
             "layers": [{"type": "image", "src": "pic.png", "frame": {"x": 0, "y": 0, "width": 40, "height": 20}}]}
            """
        try Data(scene.utf8).write(to: folder.appendingPathComponent("scene.txt"))
        let here = try shell(#""$K" render - -o out.gif < scene.txt"#, in: folder)
        XCTAssertEqual(here.status, 0, here.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
        let there = try shell(#""$K" render - -o out.gif < ../scene.txt"#, in: elsewhere)
        XCTAssertEqual(there.status, 66, there.stderr)
        XCTAssertTrue(there.stderr.contains("<stdin>"), there.stderr)
        XCTAssertTrue(there.stderr.contains("pic.png"), there.stderr)
    }

    func testStandardInputHasTheSizeCapOfASceneFile() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try shell(#"head -c 70000000 /dev/zero 2>/dev/null | "$K" render - -o out.gif"#, in: folder)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "kinetype: error: <stdin>: the scene on standard input is larger than 64 MB, the limit for a scene\n")
    }

    // MARK: Pipes named on the command line (#40)

    /// Two entries of batch data, for `$TINY` (whose placeholders they do not fill).
    private let twoEntries = #"[{"output": "one"}, {"output": "two"}]"#

    func testBatchReadsItsDataFromStandardInputAndFromAProcessSubstitution() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(twoEntries.utf8).write(to: folder.appendingPathComponent("data.json"))
        let piped = try shell(#"cat data.json | "$K" batch "$TINY" --data - --still 0 -o stdin -q"#, in: folder)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let substituted = try shell(
            #""$K" batch "$TINY" --data <(cat data.json) --still 0 -o substituted --report report.json -q"#,
            in: folder)
        XCTAssertEqual(substituted.status, 0, substituted.stderr)
        for output in ["stdin", "substituted"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent(output).path
            ).filter { !$0.hasPrefix(".") }.sorted()
            XCTAssertEqual(files, ["one.png", "two.png"], output)
        }
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("report.json")))
        let data = (report as? [String: Any])?["data"] as? String
        XCTAssertTrue(data?.hasPrefix("/dev/fd/") ?? false, "the pipe is named as bash named it: \(data ?? "none")")
    }

    func testBatchDataFromAPipeIsDecodedWithItsPositionsAndTheSizeLimit() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let broken = try shell(#"echo '[{"output": true}]' | "$K" batch "$TINY" --data - -o out"#, in: folder)
        XCTAssertEqual(broken.status, 65, broken.stderr)
        XCTAssertEqual(
            broken.stderr,
            "kinetype: error: <stdin>:1:13: [0].output: expected a string or a number, found a boolean\n")
        let endless = try shell(#""$K" batch "$TINY" --data <(yes 2>/dev/null) -o out"#, in: folder)
        XCTAssertEqual(endless.status, 65, endless.stderr)
        XCTAssertTrue(
            endless.stderr.hasPrefix("kinetype: error: /dev/fd/")
                && endless.stderr.hasSuffix(": the data is larger than 64 MB, the limit for a scene or data file\n"),
            endless.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testTheTemplateAndTheDataCannotBothBeStandardInput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let both = try shell(#"echo '[]' | "$K" batch - --data - -o out"#, in: folder)
        XCTAssertEqual(both.status, 64, both.stderr)
        XCTAssertTrue(both.stderr.contains("cannot both come from standard input"), both.stderr)
        let unnamed = try shell(#""$K" batch <(cat "$TINY") --data <(echo '[]')"#, in: folder)
        XCTAssertEqual(unnamed.status, 64, unnamed.stderr)
        XCTAssertTrue(unnamed.stderr.contains("give the folder with -o DIR"), unnamed.stderr)
    }

    func testBatchReadsItsTemplateFromAPipe() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try Data(#"[{}]"#.utf8).write(to: folder.appendingPathComponent("data.json"))
        let result = try shell(#"cat "$TINY" | "$K" batch - --data data.json --still 0 -o out -q"#, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/template-1.png").path),
            "an entry without \"output\" is named after the template, \"template\" for a piped one")
    }

    func testRenderReadsASceneFromAProcessSubstitutionAndValidateItsData() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try shell(
            """
            set -e
            "$K" render "$TINY" -o direct.gif -q
            "$K" render <(cat "$TINY") -o piped.gif -q
            "$K" render <(cat "$TINY") --still 0 -q
            """, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("piped.gif")),
            try Data(contentsOf: folder.appendingPathComponent("direct.gif")))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/pipe.png").path),
            "a piped scene's default output is named pipe")

        try Data(twoEntries.utf8).write(to: folder.appendingPathComponent("data.json"))
        let validated = try shell(#"cat data.json | "$K" validate "$TINY" "$TINY" --data -"#, in: folder)
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertEqual(validated.stderr, "", "the piped data is read once and checked for both scenes")
    }

    func testPNGFramesCannotGoToStandardOutput() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let result = try shell(#""$K" render "$TINY" -o - --format png > out"#, in: folder)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "kinetype: error: standard output (-o -) would be one PNG image, but no moment was chosen"),
            result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out")).count, 0)
        let batch = try shell(#""$K" batch "$TINY" --data "$TINY" -o - > out"#, in: folder)
        XCTAssertEqual(batch.status, 64)
        XCTAssertTrue(batch.stderr.contains("cannot go to standard output"), batch.stderr)
    }

    func testFormatIsNeededForStandardOutputAndMustMatchAnExtension() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let missing = try shell(#""$K" render "$TINY" -o - > out"#, in: folder)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("name the format with --format"), missing.stderr)
        let unknown = try shell(#""$K" render "$TINY" -o - --format bmp > out"#, in: folder)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(
            unknown.stderr.contains(
                #"--format takes gif, webp, apng, mp4, webm, mov, png, lottie, dotlottie or svg, found "bmp""#),
            unknown.stderr)
        let mismatch = try KinetypeProcess.run(["render", tiny, "-o", "x.gif", "--format", "mp4"], in: folder)
        XCTAssertEqual(mismatch.status, 64)
        XCTAssertTrue(
            mismatch.stderr.contains(#"--format "mp4" does not match the output "x.gif""#), mismatch.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.gif").path))
        let agreeing = try KinetypeProcess.run(["render", tiny, "-o", "x.GIF", "--format", "gif", "-q"], in: folder)
        XCTAssertEqual(agreeing.status, 0, agreeing.stderr)
        let defaultPath = try KinetypeProcess.run(["render", tiny, "--format", "PNG", "--still", "1"], in: folder)
        XCTAssertEqual(defaultPath.status, 0, defaultPath.stderr)
        XCTAssertEqual(
            defaultPath.stdout, "Wrote Output/tiny.png (still at 1.00 s, \(byteSize(folder, "Output/tiny.png")))\n")
        let moving = try KinetypeProcess.run(["render", tiny, "--format", "png", "-o", "moving.png"], in: folder)
        XCTAssertEqual(moving.status, 64, "PNG without --still is one image without a moment: \(moving.stderr)")
        XCTAssertEqual(
            try KinetypeProcess.run(["render", tiny, "--format", "apng", "-o", "moving.apng"], in: folder).status, 0)
        let animated = try Data(contentsOf: folder.appendingPathComponent("moving.apng"))
        XCTAssertNotNil(animated.range(of: Data("acTL".utf8)), "the PNG carries APNG's animation control chunk")
    }

    private func byteSize(_ folder: URL, _ path: String) -> String {
        let bytes = (try? Data(contentsOf: folder.appendingPathComponent(path)).count) ?? 0
        return bytes < 1000 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1000)
    }

    /// With standard output closed (`>&-`), `-o -` is refused before rendering, and the "Wrote"
    /// line of a file output goes nowhere instead of into a file opened on descriptor 1.
    func testClosedStandardOutputIsRefused() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let closed = try shell(#""$K" render "$TINY" -o - --format gif >&-"#, in: folder)
        XCTAssertEqual(closed.status, 73)
        XCTAssertEqual(closed.stderr, "kinetype: error: cannot write to standard output: it is closed\n")
        let file = try shell(#""$K" render "$TINY" -o out.gif >&-"#, in: folder)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.gif"])
    }

    /// The reader is gone before the first byte: EPIPE, a clean exit 73 with a message, no crash
    /// by SIGPIPE. Then `| head -c 10` on a file larger than a pipe holds.
    func testBrokenPipeIsACleanError() throws {
        let closed = try ChildProcess.run(
            KinetypeProcess.executable, ["render", tiny, "-o", "-", "--format", "gif"], stdout: .closedPipe)
        let text = closed.stderrText
        XCTAssertTrue(closed.exited, "not killed by SIGPIPE")
        XCTAssertEqual(closed.status, 73, text)
        XCTAssertTrue(text.contains("cannot write to standard output: the reading end of the pipe was closed"), text)

        let folder = try KinetypeProcess.temporaryFolder(self)
        let head = try shell(
            #""$K" render "$TINY" --scale 4 -o - --format gif -q | head -c 10 > ten; echo "${PIPESTATUS[0]}" > status"#,
            in: folder)
        XCTAssertEqual(head.status, 0, head.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("ten")).count, 10)
        let status = try String(contentsOf: folder.appendingPathComponent("status"), encoding: .utf8)
        XCTAssertTrue(["73\n", "0\n"].contains(status), "exit \(status), \(head.stderr)")
    }
}
