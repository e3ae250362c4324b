import Foundation
import XCTest

@testable import KinetypeCore

/// Writes to a closed pipe give EPIPE with SIGPIPE at its default disposition (which kills), so
/// the library never depends on the host ignoring the signal.
final class BrokenPipeSignalTests: XCTestCase {
    func testWriteToAClosedPipeIsEPIPEWithTheDefaultDisposition() {
        withDefaultPipeSignal {
            var ends: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&ends), 0)
            close(ends[0])
            defer { close(ends[1]) }
            XCTAssertEqual(DescriptorWrite.all("lost", to: ends[1]), EPIPE)
            XCTAssertFalse(Self.pipeSignalIsPending(), "the SIGPIPE the write raised was consumed")
            XCTAssertEqual(DescriptorWrite.all("lost again", to: ends[1]), EPIPE)
        }
    }

    func testTheThreadsSignalMaskIsRestored() {
        var before = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &before)
        BrokenPipeSignal.suppressed {
            var during = sigset_t()
            pthread_sigmask(SIG_SETMASK, nil, &during)
            XCTAssertEqual(sigismember(&during, SIGPIPE), 1)
        }
        var after = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &after)
        XCTAssertEqual(sigismember(&after, SIGPIPE), sigismember(&before, SIGPIPE))
    }

    func testAWriteThatSucceedsIsUnchanged() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        XCTAssertNil(DescriptorWrite.all("kept", to: ends[1]))
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(read(ends[0], &buffer, 16), 4)
        XCTAssertEqual(String(decoding: buffer[0..<4], as: UTF8.self), "kept")
    }

    private static func pipeSignalIsPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }
}

/// Runs `body` with SIGPIPE's process disposition at its default (terminate), then restores it.
private func withDefaultPipeSignal(_ body: () throws -> Void) rethrows {
    let previous = signal(SIGPIPE, SIG_DFL)
    defer { signal(SIGPIPE, previous) }
    try body()
}
