import Foundation
import KinetypeCore
import XCTest

/// Golden-image comparison: exact bytes. `KINETYPE_RECORD_GOLDENS=1` records instead.
enum Goldens {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Goldens")

    static var recording: Bool { ProcessInfo.processInfo.environment["KINETYPE_RECORD_GOLDENS"] == "1" }

    static func assertMatches(_ image: Image, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent(name + ".png")
        do {
            if recording || !FileManager.default.fileExists(atPath: url.path) {
                try TestPNG.write(image, to: url)
                if !recording {
                    XCTFail("golden \(name) was missing and has been recorded at \(url.path)", file: file, line: line)
                }
                return
            }
            let golden = try TestPNG.read(url)
            if golden == image { return }
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("kinetype-actual-\(name).png")
            try TestPNG.write(image, to: actual)
            let detail =
                golden.width == image.width && golden.height == image.height
                ? "\(differingPixels(golden, image)) pixels differ"
                : "size \(image.width)×\(image.height) ≠ \(golden.width)×\(golden.height)"
            XCTFail(
                "\(name) differs from its golden (\(detail)); actual image written to \(actual.path), "
                    + "golden at \(url.path); re-record with KINETYPE_RECORD_GOLDENS=1", file: file, line: line)
        } catch {
            XCTFail("golden \(name): \(error)", file: file, line: line)
        }
    }

    static func differingPixels(_ a: Image, _ b: Image) -> Int {
        var count = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4)
        where a.pixels[i] != b.pixels[i] || a.pixels[i + 1] != b.pixels[i + 1] || a.pixels[i + 2] != b.pixels[i + 2]
            || a.pixels[i + 3] != b.pixels[i + 3]
        { count += 1 }
        return count
    }
}
