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
    ///
    /// A depth-first walk with its own stack, so a chain of `after`s as long as the scene has
    /// layers cannot overflow the thread's stack.
    func resolve() throws -> [[Double]] {
        var indexByID: [String: Int] = [:]
        for (index, layer) in layers.enumerated() {
            if let id = layer.id, indexByID[id] == nil { indexByID[id] = index }
        }
        var starts: [[Double]?] = Array(repeating: nil, count: layers.count)
        var ends: [Double?] = Array(repeating: nil, count: layers.count)
        var waiting = [Bool](repeating: false, count: layers.count)

        for root in layers.indices where ends[root] == nil {
            // The layers whose end is being worked out, each waiting for the next; the last is worked on.
            var chain = [Resolution(layer: root)]
            waiting[root] = true
            while var current = chain.popLast() {
                var blocker: Int?
                animations: while current.starts.count < layers[current.layer].animations.count {
                    let animationIndex = current.starts.count
                    let animation = layers[current.layer].animations[animationIndex]
                    let start: Double
                    switch animation.start {
                    case .time(let seconds):
                        start = seconds
                    case .after(let name, let delay):
                        let path = "layers[\(current.layer)].animations[\(animationIndex)].after"
                        guard let target = indexByID[name] else { throw unknownLayer(name, path: path).fail() }
                        if waiting[target] {
                            let loop = chain.map(\.layer) + [current.layer]
                            throw cycle(Array(loop[loop.firstIndex(of: target)!...]) + [target], path: path).fail()
                        }
                        guard let end = ends[target] else {
                            blocker = target
                            break animations
                        }
                        start = end + delay
                    }
                    current.starts.append(start)
                    current.end = max(current.end, start + animation.duration)
                }
                if let blocker {
                    chain += [current, Resolution(layer: blocker)]
                    waiting[blocker] = true
                    continue
                }
                waiting[current.layer] = false
                starts[current.layer] = current.starts
                ends[current.layer] = current.end
            }
        }
        return starts.map { $0 ?? [] }
    }

    /// One layer on the walk: the starts of its animations found so far and the latest end among them.
    private struct Resolution {
        let layer: Int
        var starts: [Double] = []
        var end = 0.0
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
