/// Resolves every animation's start time: `start` as given, `after` + `delay` as the moment every
/// animation of the named layer has ended (transitively), so chains follow each other.
/// A layer with no animations counts as ended at 0.
struct AnimationStartResolver {
    /// Per layer: its id and, per animation, how it starts and how long it runs.
    struct LayerTiming {
        var id: String?
        var animations: [(start: AnimationStart, duration: Double)]
    }

    let layers: [LayerTiming]
    let source: SourceMap

    /// Starts in seconds, `[layer][animation]`. Throws for an `after` naming no layer or closing a cycle.
    func resolve() throws -> [[Double]] {
        var indexByID: [String: Int] = [:]
        for (index, layer) in layers.enumerated() {
            if let id = layer.id, indexByID[id] == nil { indexByID[id] = index }
        }
        var starts: [[Double]?] = Array(repeating: nil, count: layers.count)
        var ends: [Double?] = Array(repeating: nil, count: layers.count)
        var visiting: [Int] = []

        func end(ofLayer index: Int) throws -> Double {
            if let known = ends[index] { return known }
            visiting.append(index)
            var layerStarts: [Double] = []
            var layerEnd = 0.0
            for (animationIndex, animation) in layers[index].animations.enumerated() {
                let start: Double
                switch animation.start {
                case .time(let seconds):
                    start = seconds
                case .after(let name, let delay):
                    let path = "layers[\(index)].animations[\(animationIndex)].after"
                    guard let target = indexByID[name] else { throw unknownLayer(name, path: path).fail() }
                    if let position = visiting.firstIndex(of: target) {
                        throw cycle(Array(visiting[position...]) + [target], path: path).fail()
                    }
                    start = try end(ofLayer: target) + delay
                }
                layerStarts.append(start)
                layerEnd = max(layerEnd, start + animation.duration)
            }
            visiting.removeLast()
            starts[index] = layerStarts
            ends[index] = layerEnd
            return layerEnd
        }

        for index in layers.indices { _ = try end(ofLayer: index) }
        return starts.map { $0 ?? [] }
    }

    private func cycle(_ chain: [Int], path: String) -> Diagnostic {
        let names = JSONText.chain(chain.map { layers[$0].id ?? "layers[\($0)]" })
        return source.diagnostic(
            at: path, "`after` forms a cycle: layer \(names)",
            hint:
                "every layer in the cycle waits for the next one, so none can start; give one of them a \"start\" time instead"
        )
    }

    private func unknownLayer(_ name: String, path: String) -> Diagnostic {
        let ids = layers.compactMap(\.id)
        let hint: String
        if let suggestion = Suggestion.closest(to: name, among: ids) {
            hint = "did you mean \(JSONText.quoted(suggestion))?"
        } else if ids.isEmpty {
            hint = "give the layer to wait for an \"id\" and name it here"
        } else {
            hint = "layer ids in this scene: " + ids.prefix(20).map(JSONText.quoted).joined(separator: ", ")
        }
        return source.diagnostic(at: path, "`after` names no layer: \(JSONText.quoted(name))", hint: hint)
    }
}
