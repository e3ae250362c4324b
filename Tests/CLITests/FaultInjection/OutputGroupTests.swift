import Foundation
import XCTest

/// The outputs of one command are put in place together, and only over regular files: a render
/// that fails for its contact sheet or its second appearance leaves every old output as it was,
/// and nothing kinetype did not write (a FIFO, a device node, a socket, a symbolic link) is ever
/// replaced by an output.
final class OutputGroupTests: XCTestCase {
    func testAContactSheetOnAFullDiskLeavesTheRenderAsItWas() throws {
        let disk = try TinyDisk.mount(self, size: "1m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let gif = folder.appendingPathComponent("out.gif")
        try Data("old gif".utf8).write(to: gif)
        try disk.fill(leaving: 4096)
        let result = try KinetypeProcess.run([
            "render", scene.path, "-o", gif.path, "--contact-sheet", disk.url.appendingPathComponent("sheet.png").path,
            "--scale", "4",
        ])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("no space left on the device"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: gif), Data("old gif".utf8), "the GIF was not replaced")
        XCTAssertEqual(try FolderState.temporaries(in: folder), [])
    }

    func testBothAppearancesOrNeither() throws {
        let disk = try TinyDisk.mount(self, size: "2m")
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        let probe = folder.appendingPathComponent("probe.gif")
        XCTAssertEqual(try KinetypeProcess.run(["render", scene.path, "-o", probe.path, "--scale", "4"]).status, 0)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: probe.path)[.size] as? Int)
        let light = disk.url.appendingPathComponent("out.gif")
        let dark = disk.url.appendingPathComponent("out-dark.gif")
        try Data("old light".utf8).write(to: light)
        try Data("old dark".utf8).write(to: dark)
        try disk.fill(leaving: size + size / 2) // room for one new GIF, not for two
        let before = try FolderState.snapshot(disk.url)
        let result = try KinetypeProcess.run([
            "render", scene.path, "-o", light.path, "--color-scheme", "light,dark", "--scale", "4",
        ])
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(try FolderState.snapshot(disk.url), before, "neither appearance was replaced")

        try FileManager.default.removeItem(at: disk.url.appendingPathComponent(".filler"))
        let room = try KinetypeProcess.run([
            "render", scene.path, "-o", light.path, "--color-scheme", "light,dark", "--scale", "4",
        ])
        XCTAssertEqual(room.status, 0, room.stderr)
        XCTAssertNotEqual(try Data(contentsOf: light), Data("old light".utf8))
        XCTAssertNotEqual(try Data(contentsOf: dark), Data("old dark".utf8))
    }

    func testSpecialFilesAtTheOutputPathAreNeverReplaced() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = try FaultScenes.tiny(in: folder)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo.gif").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link.gif"), withDestinationURL: scene)
        var cases: [(name: String, kind: String, extra: [String])] = [
            ("fifo.gif", "a FIFO (named pipe)", []), ("link.gif", "a symbolic link", []),
            ("fifo.gif", "a FIFO (named pipe)", ["--contact-sheet", "sheet.png"]),
        ]
        let socketPath = folder.appendingPathComponent("socket.png").path
        let socket = try UnixSocket(path: socketPath)
        defer { socket.close() }
        cases.append(("socket.png", "a socket", ["--still", "0"]))
        if getuid() == 0, mknod(folder.appendingPathComponent("null.gif").path, S_IFCHR | 0o666, (1 << 8) | 3) == 0 {
            cases.append(("null.gif", "a character device", []))
        }
        for (name, kind, extra) in cases {
            let before = try FolderState.snapshot(folder)
            let result = try KinetypeProcess.run(["render", "tiny.json", "-o", name] + extra, in: folder)
            XCTAssertEqual(result.status, 73, "\(name): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("cannot write \(name): it is \(kind), not a regular file"),
                "\(name): \(result.stderr)")
            XCTAssertEqual(try FolderState.snapshot(folder), before, "\(name) is as it was, nothing else written")
        }
        var status = stat()
        XCTAssertEqual(lstat(folder.appendingPathComponent("fifo.gif").path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    }
}

/// A listening Unix socket at a path, for a socket in the way of an output.
final class UnixSocket {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0 else { throw XCTSkip("cannot bind a Unix socket at \(path)") }
    }

    func close() { _ = Glibc.close(descriptor) }
}
