import Foundation
import KinetypeCore
import TestSupport
import XCTest

@testable import KinetypeEncode

/// An APNG decoded by apngdis, the independent decoder scripts/setup installs.
enum APNGDisFrames {
    /// Writes `data` as `a.png` in `folder`, splits it with apngdis and reads back its frames;
    /// returns the file (for other decoders) and the frames in order.
    static func decode(_ data: Data, in folder: URL) throws -> (file: URL, frames: [Image]) {
        let file = folder.appendingPathComponent("a.png")
        try data.write(to: file)
        let apngdis = try XCTUnwrap(ChildProcess.onPath("apngdis"), "apngdis is installed (scripts/setup)")
        let result = try ChildProcess.run(apngdis, ["a.png", "frame"], in: folder, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("frame") && $0.hasSuffix(".png") }.sorted()
        return (file, try names.map { try PNGCodec.read(contentsOf: folder.appendingPathComponent($0)) })
    }
}
