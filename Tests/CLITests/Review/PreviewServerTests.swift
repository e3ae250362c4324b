import Foundation
import KinetypeCore
import TestSupport
import XCTest

/// The preview server over raw sockets: what it refuses, and that it stops cleanly on Ctrl-C.
final class PreviewServerTests: XCTestCase {
    func testRefusesEveryBindAddressButLoopback() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("tiny.json")
        try FileManager.default.copyItem(at: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"), to: scene)
        for host in ["0.0.0.0", "::", "192.168.1.10", "example.com"] {
            let result = try KinetypeProcess.run(["preview", scene.path, "--host", host])
            XCTAssertEqual(result.status, 64, host)
            XCTAssertTrue(result.stderr.contains("preview listens on 127.0.0.1 only"), result.stderr)
            XCTAssertTrue(result.stdout.isEmpty, "nothing was served for \(host)")
        }
        let missing = try KinetypeProcess.run(["preview", folder.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 66, missing.stderr)
    }

    func testAnswersOnlyGETForItsOwnRoutesAndStopsOnControlC() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let scene = folder.appendingPathComponent("tiny.json")
        try FileManager.default.copyItem(at: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"), to: scene)
        let server = try PreviewProcess(["tiny.json", "--host", "127.0.0.1"], in: folder)
        let host = "Host: 127.0.0.1:\(server.port)\r\n"

        let post = try server.raw("POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc")
        XCTAssertTrue(post.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), post)
        XCTAssertTrue(post.contains("\r\nAllow: GET\r\n"), post)
        for method in ["HEAD", "PUT", "DELETE", "OPTIONS"] {
            let response = try server.raw("\(method) /frame/0.png HTTP/1.1\r\n\(host)\r\n")
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 405 "), "\(method): \(response)")
        }

        let huge = try server.raw(
            "GET / HTTP/1.1\r\n\(host)X-Padding: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        XCTAssertTrue(huge.hasPrefix("HTTP/1.1 431 "), String(huge.prefix(80)))
        let endless = try server.raw(Array(repeating: UInt8(ascii: "a"), count: 100_000))
        XCTAssertTrue(endless.hasPrefix("HTTP/1.1 431 "), String(endless.prefix(80)))
        let body = try server.raw("GET / HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello")
        XCTAssertTrue(body.hasPrefix("HTTP/1.1 413 "), body)

        for path in [
            "/../../../../etc/passwd", "/frame/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/tiny.json",
            "/frame/-1.png", "/frame/0.png/../../tiny.json", "/frame/99999.png", "/state.json/..",
        ] {
            let response = try server.raw("GET \(path) HTTP/1.1\r\n\(host)\r\n")
            XCTAssertTrue(response.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(path): \(response)")
            XCTAssertFalse(response.contains("root:"), path)
            XCTAssertFalse(response.contains("typewriter"), "\(path) must not serve the scene file")
        }
        let relative = try server.raw("GET ../tiny.json HTTP/1.1\r\n\(host)\r\n")
        XCTAssertTrue(relative.hasPrefix("HTTP/1.1 400 "), relative)
        let garbage = try server.raw([0, 1, 2, 255, 13, 10, 13, 10])
        XCTAssertTrue(garbage.hasPrefix("HTTP/1.1 400 "), garbage)
        let http2 = try server.raw("GET / HTTP/2.0\r\n\(host)\r\n")
        XCTAssertTrue(http2.hasPrefix("HTTP/1.1 505 "), http2)
        let rebinding = try server.raw("GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n")
        XCTAssertTrue(rebinding.hasPrefix("HTTP/1.1 403 "), rebinding)

        // Still serving after all that: the page, and frame 0 as a PNG of the canvas' size.
        let page = try server.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("kinetype preview"))
        let frame = try server.get("/frame/0.png")
        XCTAssertEqual(frame.status, 200)
        XCTAssertEqual(Array(frame.body.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        let width = frame.body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(width, 160, "tiny.json is 160 pt wide at @1x")

        let stopped = server.interrupt()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertTrue(stopped.stderr.contains("kinetype: preview stopped"), stopped.stderr)
    }
}

/// Who the preview answers: requests with one Host header naming its own address, and a normal
/// request even while dozens of connections trickle their heads or say nothing (#39).
final class PreviewRequestGuardTests: XCTestCase {
    private func startServer() throws -> PreviewProcess {
        let folder = try KinetypeProcess.temporaryFolder(self)
        try FileManager.default.copyItem(
            at: KinetypeProcess.fixtures.appendingPathComponent("tiny.json"),
            to: folder.appendingPathComponent("tiny.json"))
        return try PreviewProcess(["tiny.json"], in: folder)
    }

    private func status(of response: String) -> Int {
        Int(response.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func testAnswersOnlyRequestsWithOneHostNamingItsOwnAddress() throws {
        let server = try startServer()
        let port = server.port
        let otherPort = port == 65_535 ? port - 1 : port + 1
        let cases: [(String, Int)] = [
            ("", 400),
            ("Host: 127.0.0.1:\(port)\r\nHost: 127.0.0.1:\(port)\r\n", 400),
            ("Host: 127.0.0.1:\(port)\r\nHost: attacker.example\r\n", 400),
            ("Host: 127.0.0.1:evil.example\r\n", 403),
            ("Host: 127.0.0.1:\(port)@evil.example\r\n", 403),
            ("Host: 127.0.0.1\r\n", 403),
            ("Host: localhost\r\n", 403),
            ("Host: 127.0.0.1:\(otherPort)\r\n", 403),
            ("Host: localhost.:\(port)\r\n", 403),
            ("Host: [::1]:\(port)\r\n", 403),
            ("Host: attacker.example:\(port)\r\n", 403),
            ("Host: \r\n", 403),
            ("Host: 127.0.0.1:\(port)\r\n", 200),
            ("host: LOCALHOST:\(port)\r\n", 200),
        ]
        for (headers, expected) in cases {
            for version in ["HTTP/1.1", "HTTP/1.0"] {
                let response = try server.raw("GET /state.json \(version)\r\n\(headers)\r\n")
                XCTAssertEqual(status(of: response), expected, "\(version) \(headers.debugDescription): \(response)")
                if expected != 200 {
                    XCTAssertFalse(response.contains("\"frameCount\""), "the state was served to \(headers)")
                }
            }
        }
        XCTAssertEqual(server.interrupt().status, 0)
    }

    func testTricklingAndIdleConnectionsTimeOutAndNeverStarveARequest() throws {
        let server = try startServer()
        // 32 connections that send a head one byte at a time and never end it, and 32 that send
        // nothing: as many as the preview answers at once, twice over.
        let trickling = try (0..<32).map { _ in try server.connection() }
        let idle = try (0..<32).map { _ in try server.connection() }
        defer { for socket in trickling + idle { close(socket) } }
        for socket in trickling {
            _ = Array("GET / HTTP/1.1\r\nX-Slow: ".utf8).withUnsafeBytes {
                send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
        }
        let stop = Locked(false)
        let trickler = Thread {
            while !stop.withLock({ $0 }) {
                for socket in trickling {
                    var byte = UInt8(ascii: "a")
                    _ = send(socket, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                usleep(100_000)
            }
        }
        trickler.start()
        defer { stop.withLock { $0 = true } }
        usleep(300_000)

        // A normal request is answered while they all hang on (the wait only catches a hang).
        let page = try server.get("/state.json")
        XCTAssertEqual(page.status, 200, String(decoding: page.body, as: UTF8.self))
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("\"frameCount\""))

        // Each of them ends, answered 408 or closed, however long it goes on trickling (the 30 s
        // only catch a server that never closes them).
        var open = Set(trickling + idle)
        var answers: [Int32: Data] = [:]
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = HangGuard.poll(every: 0, upTo: 30) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 200)
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes {
                    recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                if count > 0 {
                    answers[entry.fd, default: Data()].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    open.remove(entry.fd)
                }
            }
            return open.isEmpty
        }
        XCTAssertEqual(open.count, 0, "connections still open after 30 s")
        for answer in answers.values {
            let text = String(decoding: answer, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("HTTP/1.1 408 "), text)
        }
        stop.withLock { $0 = true }
        XCTAssertEqual(try server.get("/state.json").status, 200, "still serving")
        XCTAssertEqual(server.interrupt().status, 0)
    }
}

/// What the preview watches: a change to a picture the scene shows reloads it, and so does fixing
/// a broken scene; the state says which files are watched.
final class PreviewWatchTests: XCTestCase {
    func testReloadsWhenAPictureOrTheSceneChanges() throws {
        let folder = try KinetypeProcess.temporaryFolder(self)
        let goldens = KinetypeProcess.packageRoot.appendingPathComponent("Tests/KinetypeRenderTests/Goldens")
        let picture = folder.appendingPathComponent("picture.png")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("truncation@1x.png"), to: picture)
        let scene = folder.appendingPathComponent("pictured.json")
        let good = """
            { "version": 1, "canvas": { "width": 64, "height": 32, "fps": 10, "hold": 0.2 },
              "layers": [ { "type": "image", "src": "picture.png", "frame": { "x": 0, "y": 0, "width": 64, "height": 32 } } ] }
            """
        try good.write(to: scene, atomically: false, encoding: .utf8)
        let server = try PreviewProcess(["pictured.json"], in: folder)

        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: server.get("/state.json").body) as? [String: Any])
        XCTAssertEqual(first["version"] as? Int, 1)
        XCTAssertEqual(first["ok"] as? Bool, true)
        let watched = try XCTUnwrap(first["watched"] as? [String])
        XCTAssertTrue(watched.contains { $0.hasSuffix("/picture.png") }, "\(watched)")
        XCTAssertTrue(watched.contains("pictured.json"), "\(watched)")
        let before = try server.get("/frame/0.png").body

        // Another picture under the same name: a new version whose frame differs.
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("spans@2x.png"), to: picture)
        XCTAssertTrue(try server.waitForVersion { version, _ in version == 2 }, "the picture's change was not seen")
        XCTAssertNotEqual(try server.get("/frame/0.png").body, before)

        // A broken scene is a version too, shown as its errors; the server goes on.
        try good.replacingOccurrences(of: "\"hold\"", with: "\"hodl\"").write(
            to: scene, atomically: false, encoding: .utf8)
        XCTAssertTrue(try server.waitForVersion { version, _ in version == 3 })
        let broken = try XCTUnwrap(JSONSerialization.jsonObject(with: server.get("/state.json").body) as? [String: Any])
        XCTAssertEqual(broken["ok"] as? Bool, false)
        let problems = try XCTUnwrap(broken["diagnostics"] as? [[String: String]])
        XCTAssertTrue(problems.contains { $0["text"]?.contains("hodl") == true }, "\(problems)")
        XCTAssertEqual(try server.get("/frame/0.png").status, 404, "no frames while the scene does not load")

        try good.write(to: scene, atomically: false, encoding: .utf8)
        XCTAssertTrue(try server.waitForVersion { version, _ in version == 4 })
        XCTAssertEqual(try server.get("/frame/0.png").status, 200)
        XCTAssertEqual(server.interrupt().status, 0)
    }
}
