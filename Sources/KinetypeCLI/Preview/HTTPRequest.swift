/// The head of an HTTP/1.x request, parsed strictly: what `PreviewServer` needs (method, path,
/// query, the `Host` header) and nothing it would have to trust blindly.
struct HTTPRequest: Equatable {
    /// The largest request head accepted, request line and headers together; larger ones get 431.
    static let maximumHeadBytes = 8192

    var method: String
    /// The path of the request target, without the query.
    var path: String
    /// `name=value` pairs of the query, in order, not percent-decoded.
    var query: [(String, String)]
    var headers: [String: String]

    static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.headers == rhs.headers
            && lhs.query.map { "\($0)=\($1)" } == rhs.query.map { "\($0)=\($1)" }
    }

    /// The value of `name` in the query, if given.
    func queryValue(_ name: String) -> String? {
        query.first { $0.0 == name }?.1
    }

    /// Parses a request head (the bytes before the blank line). Throws the response to send when
    /// the head is malformed or has more than one `Host` header (400), uses another method than GET (405), another protocol than
    /// HTTP/1.0 or 1.1 (505) or announces a body (413: GET requests have none).
    init(head: [UInt8]) throws(HTTPResponse) {
        guard let text = String(validating: head, as: UTF8.self) else { throw .badRequest("not UTF-8") }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst()
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter && $0.isASCII }) else {
            throw .badRequest("malformed request line")
        }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw version.hasPrefix("HTTP/") ? .status(505, "HTTP Version Not Supported") : .badRequest("not HTTP")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), line.first != " ", line.first != "\t" else {
                throw .badRequest("malformed header line")
            }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" ") else { throw .badRequest("malformed header name") }
            // Two Host headers could name two servers; which one a request is for must be clear.
            if name == "host", headers[name] != nil { throw .badRequest("more than one Host header") }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard method == "GET" else { throw .methodNotAllowed }
        if headers["transfer-encoding"] != nil || (headers["content-length"].map { $0 != "0" } ?? false) {
            throw .status(413, "Content Too Large")
        }
        guard target.hasPrefix("/") else { throw .badRequest("the request target must be a path") }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.method = method
        self.path = String(pieces[0])
        self.query =
            pieces.count > 1
            ? pieces[1].split(separator: "&").map { pair in
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(halves[0]), halves.count > 1 ? String(halves[1]) : "")
            } : []
        self.headers = headers
    }
}
