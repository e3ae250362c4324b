import Foundation
import KinetypeCore
import XCTest

@testable import KinetypeEncode

/// The lifecycle every frame encoder shares (`EncoderSession`): a session dropped before
/// `finish`, on the path a throw takes, leaves the destination as it was and no temporary; one
/// that finishes puts the file in place. (A second `finish`, or a frame after it, does not
/// compile: the session is noncopyable and `finish` consumes it.)
final class EncoderSessionTests: XCTestCase {
    private struct Abandoned: Error {}

    /// Runs `start` (which makes a session, writes one frame and throws) against a destination
    /// holding "old", and checks that the destination and its folder are as they were.
    private func assertDroppedSessionLeavesNothing(
        _ name: String, line: UInt = #line, _ start: (URL) throws -> Void
    ) throws {
        let folder = try makeScratchFolder("EncoderSessionTests-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent(name)
        try Data("old".utf8).write(to: destination)
        XCTAssertThrowsError(try start(destination), line: line) { error in
            XCTAssertTrue(error is Abandoned, "\(error)", line: line)
        }
        XCTAssertEqual(try contents(of: folder), [name], "no temporary is left", line: line)
        XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8), "the destination is as it was", line: line)
    }

    func testADroppedSessionOfEveryEncoderLeavesTheDestinationAsItWas() throws {
        let frame = TestImages.typewriter(frame: 2)
        try assertDroppedSessionLeavesNothing("a.apng") { url in
            let encoder = try APNGEncoder(width: frame.width, height: frame.height, destination: url)
            try encoder.addFrame(frame, startTime: 0)
            throw Abandoned()
        }
        try assertDroppedSessionLeavesNothing("a.webp") { url in
            let encoder = try WebPEncoder(width: frame.width, height: frame.height, destination: url)
            try encoder.addFrame(frame, startTime: 0)
            throw Abandoned()
        }
        try assertDroppedSessionLeavesNothing("a.gif") { url in
            let collector = try GIFPaletteCollector(width: frame.width, height: frame.height, destination: url)
            try collector.add([frame])
            let writer = try collector.finish()
            try writer.write(frame, endTime: 0.1)
            throw Abandoned()
        }
        if VideoWriter.findFFmpeg() != nil {
            try assertDroppedSessionLeavesNothing("a.mp4") { url in
                let writer = try VideoWriter(url: url, width: frame.width, height: frame.height, fps: 10, format: .mp4)
                try writer.write(frame)
                XCTAssertEqual(Self.childCommands(), ["ffmpeg"])
                throw Abandoned()
            }
            XCTAssertEqual(Self.childCommands(), [], "the dropped video stopped and waited for its ffmpeg")
        }
    }

    /// The command names of this process's children (Linux's `/proc/self/task/*/children`).
    private static func childCommands() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
        return children.compactMap { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func testADroppedPNGSequenceLeavesNoTemporaryFolder() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("frames")
        do {
            let writer = try PNGSequenceWriter(destination: destination, frameCount: 2)
            try writer.frames.write(TestImages.typewriter(frame: 1), index: 0)
        }
        XCTAssertEqual(try contents(of: folder), [], "the temporary folder went with the session")
    }

    func testAFinishedSessionPutsTheFileInPlace() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("a.apng")
        let encoder = try APNGEncoder(width: 48, height: 20, destination: destination)
        for index in 0..<3 { try encoder.addFrame(TestImages.typewriter(frame: index), startTime: Double(index) / 10) }
        try encoder.finish(endTime: 0.3)
        XCTAssertEqual(try contents(of: folder), ["a.apng"])
        XCTAssertEqual(try APNGDecoder.decode(Data(contentsOf: destination)).frames.count, 3)
    }
}
