import Foundation
import XCTest

/// A render's canvas-sized buffers sit on 2 MiB pages (`HugePages`): a larger canvas costs the
/// kernel a fault for each 2 MiB first touched, not for each 4 KiB.
final class CanvasPageFaultTests: XCTestCase {
    func testAFourTimesLargerCanvasAddsFewPageFaults() throws {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard mode.contains("[always]") || mode.contains("[madvise]") else {
            throw XCTSkip("this system gives processes no transparent huge pages (\(mode))")
        }
        let folder = try KinetypeProcess.temporaryFolder(self)
        func faults(width: Int, height: Int) throws -> Int {
            let scene = folder.appendingPathComponent("scene-\(width).json")
            try """
            { "version": 1,
              "canvas": { "width": \(width), "height": \(height), "scale": 2, "background": "#FFFFFF",
                          "fps": 30, "duration": 0.03 },
              "layers": [ { "id": "t", "type": "text", "text": "One frame", "frame": { "x": 20, "y": 20, "width": 300 },
                            "font": { "family": "DejaVu Sans", "size": 20 }, "color": "#1F2A44" } ] }
            """.write(to: scene, atomically: true, encoding: .utf8)
            var before = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &before)
            let result = try KinetypeProcess.run([
                "render", scene.path, "-o", folder.appendingPathComponent("out-\(width).gif").path, "--quiet",
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            var after = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &after)
            return after.ru_minflt - before.ru_minflt
        }
        let small = try faults(width: 600, height: 240) // 1200×480 px
        let large = try faults(width: 1200, height: 480) // 2400×960 px: 6.9 MB more of each canvas-sized buffer
        // On 4 KiB pages the larger canvas took about 4,200 more faults; on 2 MiB pages 250 to 1,300.
        XCTAssertLessThan(large - small, 2_000, "\(small) faults at 1200×480, \(large) at 2400×960")
    }
}
