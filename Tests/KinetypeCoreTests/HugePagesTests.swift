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

    /// What the advice is for: the kernel backs an advised buffer with 2 MiB pages. The buffer is
    /// a fresh mapping of whole huge pages, as glibc makes for one `allocationByteCount` sizes (an
    /// array may instead reuse memory the process freed, which is touched already).
    func testAnAdvisedBufferIsBackedByHugePages() throws {
        let mode = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard mode.contains("[always]") || mode.contains("[madvise]") else {
            throw XCTSkip("this system gives processes no transparent huge pages (\(mode))")
        }
        let mappingSize = 10 << 20
        let mapping = try XCTUnwrap(
            mmap(nil, mappingSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), "mmap")
        XCTAssertNotEqual(mapping, UnsafeMutableRawPointer(bitPattern: -1), "mmap failed")
        defer { munmap(mapping, mappingSize) }
        // Linux aligns a mapping of whole huge pages to 2 MiB (since 6.7); else one block is cut.
        let isAligned = UInt(bitPattern: mapping) % UInt(HugePages.size) == 0
        let blocks = isAligned ? 5 : 4
        // Where glibc and Swift would put a 2400×960 canvas: past their headers (48 bytes), as many
        // bytes as `allocationByteCount` asks for it.
        let buffer = UnsafeMutableRawBufferPointer(
            start: mapping + 48, count: HugePages.allocationByteCount(for: 2400 * 960 * 4))
        let fallbacksBefore = try hugePageFallbacks()
        let hugeBefore = try anonymousHugePagesKiB()
        HugePages.advise(buffer)
        buffer.initializeMemory(as: UInt8.self, repeating: 255)
        let added = try anonymousHugePagesKiB() - hugeBefore
        if try hugePageFallbacks() > fallbacksBefore, added < blocks << 11 {
            throw XCTSkip("the kernel had no free 2 MiB page at hand")
        }
        // (Adjacent mappings merge in /proc/self/smaps, so the process's total tells the buffer's.)
        XCTAssertGreaterThanOrEqual(added, blocks << 11, "every whole 2 MiB block of the mapping is a huge page")
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
