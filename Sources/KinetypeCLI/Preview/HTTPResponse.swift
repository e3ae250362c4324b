import Foundation

/// A complete HTTP/1.1 response; the connection closes after it. Also the error a request fails
/// with, so a handler throws the response to send.
struct HTTPResponse: Error {
    var status: Int
    var reason: String
    var contentType: String
    var body: Data
    var extraHeaders: [(String, String)] = []

    init(status: Int, reason: String, contentType: String, body: Data, extraHeaders: [(String, String)] = []) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.body = body
        self.extraHeaders = extraHeaders
    }

    /// 200 with `body`.
    static func ok(_ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(status: 200, reason: "OK", contentType: type, body: body)
    }

    /// A plain-text error response: the status line's reason and a sentence.
    static func status(_ code: Int, _ reason: String, _ detail: String? = nil) -> HTTPResponse {
        HTTPResponse(
            status: code, reason: reason, contentType: "text/plain; charset=utf-8",
            body: Data("\(code) \(reason)\(detail.map { ": \($0)" } ?? "")\n".utf8))
    }

    static func badRequest(_ detail: String) -> HTTPResponse { status(400, "Bad Request", detail) }
    static let notFound = status(404, "Not Found")
    static let methodNotAllowed = HTTPResponse(
        status: 405, reason: "Method Not Allowed", contentType: "text/plain; charset=utf-8",
        body: Data("405 Method Not Allowed: the preview serves GET requests only\n".utf8),
        extraHeaders: [("Allow", "GET")])
    static let headTooLarge = status(
        431, "Request Header Fields Too Large", "the request head is over \(HTTPRequest.maximumHeadBytes) bytes")

    /// The bytes on the wire: status line, headers (no caching, no sniffing, connection closes) and body.
    var serialized: Data {
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        var data = Data((head + "\r\n").utf8)
        data.append(body)
        return data
    }
}
