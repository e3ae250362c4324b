import Foundation
import KinetypeCore
import TestSupport
import XCTest

/// kinetype's own font set and the render stack, as a user meets them on the command line.
final class FontSetCommandTests: XCTestCase {
    /// The build's `share/kinetype`, which `scripts/fonts` made (`make test` runs it).
    private var buildShare: URL {
        KinetypeProcess.executable.resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/kinetype")
    }

    /// A `KINETYPE_HOME` whose font set is DejaVu Serif alone.
    private func homeWithOneFont() throws -> URL {
        let home = try KinetypeProcess.temporaryFolder(self)
        let share = home.appendingPathComponent("share/kinetype")
        let font = share.appendingPathComponent("fonts/truetype/dejavu/DejaVuSerif.ttf")
        try FileManager.default.createDirectory(
            at: font.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: font.path)
        let line = "\(SHA256.hex(of: try Data(contentsOf: font)))  truetype/dejavu/DejaVuSerif.ttf\n"
        try Data(line.utf8).write(to: share.appendingPathComponent("fonts.sha256"))
        return home
    }

    private func environment(home: URL) throws -> [String: String] {
        ["KINETYPE_HOME": home.path, "XDG_CACHE_HOME": try KinetypeProcess.temporaryFolder(self).path]
    }

    func testTheVersionNamesTheRenderStackAndKinetypesFontSet() throws {
        let result = try KinetypeProcess.run(["--version", "--verbose"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let stack = try XCTUnwrap(lines.first { $0.hasPrefix("  render stack ") }, result.stdout)
        XCTAssertNotNil(
            stack.range(of: #"^  render stack +[0-9a-f]{12} \(built from source\)$"#, options: .regularExpression),
            stack)
        let manifest = try Data(contentsOf: buildShare.appendingPathComponent("fonts.sha256"))
        let files = String(decoding: manifest, as: UTF8.self).split(separator: "\n").count
        XCTAssertGreaterThan(files, 250, "the whole set: scripts/font-packages")
        XCTAssertEqual(
            lines.first { $0.hasPrefix("  fonts ") },
            "  fonts          kinetype's font set \(SHA256.hex(of: manifest).prefix(12)) (\(files) files)")
        XCTAssertTrue(result.stdout.contains("this machine's: not part of the render stack"), result.stdout)
    }

    func testScenesUseOnlyKinetypesFontsUnlessTheyAskForTheMachines() throws {
        let home = try homeWithOneFont()
        let environment = try environment(home: home)
        let own = try KinetypeProcess.run(["fonts", "--json"], environment: environment)
        XCTAssertEqual(own.status, 0, own.stderr)
        let families = try JSONSerialization.jsonObject(with: Data(own.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(families?.compactMap { $0["family"] as? String }, ["DejaVu Serif"])
        let all = try KinetypeProcess.run(["fonts", "--system-fonts"], environment: environment)
        XCTAssertTrue(all.stdout.contains("DejaVu Sans "), all.stdout)

        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("sans.json")
        func write(systemFonts: Bool?) throws {
            let key = systemFonts.map { #""systemFonts": \#($0), "# } ?? ""
            try Data(
                """
                {"version": 1, \(key)"canvas": {"width": 120, "height": 40, "duration": 0.2},
                 "layers": [{"type": "text", "text": "Sans", "font": {"family": "DejaVu Sans"}}]}
                """.utf8
            ).write(to: scene)
        }
        let output = folder.appendingPathComponent("sans.gif").path
        try write(systemFonts: nil)
        let refused = try KinetypeProcess.run(["render", scene.path, "-o", output], environment: environment)
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("unknown font family \"DejaVu Sans\""), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\"systemFonts\": true"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))

        let allowed = try KinetypeProcess.run(
            ["render", scene.path, "-o", output, "--system-fonts"], environment: environment)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        try write(systemFonts: true)
        let asked = try KinetypeProcess.run(["render", scene.path, "-o", output], environment: environment)
        XCTAssertEqual(asked.status, 0, asked.stderr)
    }

    func testVerifyOnAnotherStackSaysWhichStackRecordedTheGoldens() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let goldens = folder.appendingPathComponent("goldens")
        let scene = KinetypeProcess.packageRoot.appendingPathComponent("Templates/examples/title.json").path
        let record = try KinetypeProcess.run(
            ["verify", scene, "--golden", goldens.path, "--frames", "sample", "--record", "all", "--quiet"])
        XCTAssertEqual(record.status, 0, record.stderr)
        let environmentFile = goldens.appendingPathComponent("title/environment.json")
        var recorded = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: environmentFile)) as? [String: Any])
        let stack = try XCTUnwrap(recorded["stack"] as? [String: Any], "golden sets record the render stack")
        let current = try XCTUnwrap(stack["id"] as? String)
        XCTAssertEqual(current.count, 12)
        XCTAssertNil(stack["artifact"], "a source build")
        XCTAssertEqual(
            try KinetypeProcess.run(["verify", scene, "--golden", goldens.path, "--frames", "sample"]).stderr, "")

        recorded["stack"] = ["id": "0123456789ab", "artifact": "kinetype-0.3.0-linux-x86_64", "fonts": "kinetype's"]
        try JSONSerialization.data(withJSONObject: recorded).write(to: environmentFile)
        let other = try KinetypeProcess.run(["verify", scene, "--golden", goldens.path, "--frames", "sample"])
        XCTAssertEqual(other.status, 0, "the pixels are the same: \(other.stderr)")
        XCTAssertTrue(
            other.stderr.contains(
                "  - the goldens were recorded with render stack 0123456789ab (kinetype-0.3.0-linux-x86_64) and this "
                    + "run renders with \(current) (built from source); for the same pixels, render with "
                    + "kinetype-0.3.0-linux-x86_64 (kinetype-0.3.0-linux-x86_64.tar.gz, see docs/portable.md)\n"),
            other.stderr)
    }
}
