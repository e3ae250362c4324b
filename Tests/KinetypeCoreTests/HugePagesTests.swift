import Foundation
import XCTest

@testable import KinetypeCore

/// Canvas-sized buffers: sized and advised for 2 MiB pages, holding exactly what they are given.
final class HugePagesTests: XCTestCase {
    func testOnlyBuffersFromEightMebibytesAreRoundedToWholeHugePages() {
        let page = Int(getpagesize())
        XCTAssertEqual(HugePages.allocationByteCount(for: 0), 0)
        XCTAssertEqual(HugePages.allocationByteCount(for: 2_304_000), 2_304_000, "a 1200×480 canvas keeps its size")
        XCTAssertEqual(HugePages.allocationByteCount(for: 8 << 20 - 1), 8 << 20 - 1)
        for byteCount in [8 << 20, 9_216_000, 10 << 20 - page, 10 << 20 - page + 1, 33_177_600] {
            let allocated = HugePages.allocationByteCount(for: byteCount)
            XCTAssertGreaterThanOrEqual(allocated, byteCount)
            XCTAssertEqual((allocated + page) % HugePages.size, 0, "\(byteCount): whole huge pages with headers")
            XCTAssertLessThan(allocated - byteCount, HugePages.size, "\(byteCount): less than one huge page more")
            XCTAssertLessThanOrEqual(Double(allocated), Double(byteCount) * 1.25, "\(byteCount)")
        }
        XCTAssertEqual(HugePages.allocationByteCount(for: 9_216_000), 10 << 20 - page)
    }

    func testLargeArraysHoldExactlyWhatTheyAreGiven() {
        // Counts of 4-byte elements: 2,304,000 of them (a 2400×960 canvas) are rounded up.
        for count in [0, 1, 4096, 600_000, 2_304_000] {
            let filled = [UInt8](largeRepeating: 7, count: count)
            XCTAssertEqual(filled.count, count)
            XCTAssertTrue(filled.allSatisfy { $0 == 7 }, "\(count)")
            var seen = -1
            let written = [UInt32](largeUninitializedCapacity: count) { buffer, initialized in
                seen = buffer.count
                for index in buffer.indices { buffer[index] = UInt32(truncatingIfNeeded: index) }
                initialized = buffer.count
            }
            XCTAssertEqual(seen, count, "the initializer sees the capacity asked for, not the rounded one")
            XCTAssertEqual(written, (0..<count).map { UInt32(truncatingIfNeeded: $0) })
        }
        let partial = [UInt8](largeUninitializedCapacity: 9_216_000) { buffer, initialized in
            buffer.initialize(repeating: 3)
            initialized = 100
        }
        XCTAssertEqual(partial, [UInt8](repeating: 3, count: 100))
    }

    /// What the advice is for: the kernel backs a canvas-sized buffer with 2 MiB pages, all but the
    /// first block (where the allocator wrote its header before the advice).
    func testACanvasSizedBufferIsBackedByHugePages() throws {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard mode.contains("[always]") || mode.contains("[madvise]") else {
            throw XCTSkip("this system gives processes no transparent huge pages (\(mode))")
        }
        // A fresh kinetype process maps each large buffer alone until it frees one; then glibc
        // raises its threshold for that, and this test process has freed many. Fix it as it starts.
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        let mallopt = try XCTUnwrap(dlsym(nil, "mallopt").map { unsafeBitCast($0, to: MallocOption.self) })
        let mmapThreshold: Int32 = -3 // M_MMAP_THRESHOLD, from <malloc.h>, which Swift's Glibc omits
        XCTAssertEqual(mallopt(mmapThreshold, 4 << 20), 1)
        let fallbacksBefore = try hugePageFallbacks()
        let hugeBefore = try anonymousHugePagesKiB()
        let canvas = [UInt8](largeRepeating: 255, count: 9_216_000)
        let added = try anonymousHugePagesKiB() - hugeBefore
        if try hugePageFallbacks() > fallbacksBefore, added < 8 << 10 {
            throw XCTSkip("the kernel had no free 2 MiB page at hand")
        }
        // (Adjacent mappings merge in /proc/self/smaps, so the process's total tells the buffer's.)
        XCTAssertGreaterThanOrEqual(added, 8 << 10, "four of the five 2 MiB blocks of its 10 MiB are huge pages")
        XCTAssertEqual(canvas.count, 9_216_000)
    }

    /// The process's memory in huge pages, in KiB (`AnonHugePages` of /proc/self/smaps_rollup).
    private func anonymousHugePagesKiB() throws -> Int {
        let line = try procFile("smaps_rollup").split(separator: "\n").first { $0.hasPrefix("AnonHugePages:") }
        let fields = try XCTUnwrap(line).split(separator: " ", omittingEmptySubsequences: true)
        return try XCTUnwrap(Int(fields[1]))
    }

    /// A file of /proc/self, read to its end (a single read returns its first page only).
    private func procFile(_ name: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/" + name))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// How often the kernel could not find a huge page for a fault, since boot.
    private func hugePageFallbacks() throws -> Int {
        let vmstat = try procFile("../vmstat")
        let line = vmstat.split(separator: "\n").first { $0.hasPrefix("thp_fault_fallback ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    }
}
