import Foundation
import KinetypeCore
import XCTest

/// `kinetype preview` running as a process, and raw HTTP requests to it over a socket.
final class PreviewProcess {
    let process = Process()
    let port: Int
    private let output = Pipe()
    private let errors = Pipe()
    private let errorText = Locked(Data())
    private let errorsRead = DispatchGroup()

    /// Starts `kinetype preview ARGUMENTS` and reads the address it prints.
    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = KinetypeProcess.executable
        process.arguments = ["preview"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        errorsRead.enter()
        DispatchQueue.global().async { [errors, errorText, errorsRead] in
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            errorsRead.leave()
        }
        var printed = ""
        while !printed.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = printed.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
            let port = Int(printed[range].dropFirst("http://127.0.0.1:".count).dropLast())
        else {
            process.terminate()
            throw NSError(
                domain: "PreviewProcess", code: 1, userInfo: [NSLocalizedDescriptionKey: "no address in \(printed)"])
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    /// Sends Ctrl-C and returns the exit status and what the server wrote to standard error.
    func interrupt() -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        errorsRead.wait()
        return (process.terminationStatus, String(decoding: errorText.withLock { $0 }, as: UTF8.self))
    }

    /// Sends `request` as is and returns everything the server answers until it closes.
    func raw(_ request: [UInt8]) throws -> String { String(decoding: try rawData(request), as: UTF8.self) }

    /// A socket connected to the server, whose reads give up after `timeout` seconds (the caller closes it).
    func connection(timeout: Int = 30) throws -> Int32 {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socketFD)
            throw POSIXError(.ECONNREFUSED)
        }
        return socketFD
    }

    /// Sends `request` as is and returns the bytes the server answers until it closes.
    func rawData(_ request: [UInt8]) throws -> Data {
        let socketFD = try connection()
        defer { close(socketFD) }
        var offset = 0
        while offset < request.count {
            let sent = request[offset...].withUnsafeBytes {
                send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { break } // the server may answer and close before reading everything
            offset += sent
        }
        shutdown(socketFD, Int32(SHUT_WR))
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response.append(contentsOf: buffer[0..<count])
        }
        return response
    }

    func raw(_ request: String) throws -> String { try raw(Array(request.utf8)) }

    /// `GET path` and the response's body as bytes.
    func get(_ path: String) throws -> (status: Int, body: Data) {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        let socketResponse = try rawData(Array(request.utf8))
        guard let split = socketResponse.firstRange(of: Data("\r\n\r\n".utf8)) else { return (0, Data()) }
        let head = String(decoding: socketResponse[..<split.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, Data(socketResponse[split.upperBound...]))
    }

    /// `/version` until `condition` holds for it (polled, at most `attempts` times, 50 ms apart).
    func waitForVersion(attempts: Int = 1200, _ condition: (_ version: Int, _ watching: Int) -> Bool) throws -> Bool {
        for _ in 0..<attempts {
            let (status, body) = try get("/version")
            if status == 200, let object = try JSONSerialization.jsonObject(with: body) as? [String: Int],
                let version = object["version"], let watching = object["watching"], condition(version, watching)
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }
}
