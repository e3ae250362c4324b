extension DecodingContext {
    /// Checks that every `after` names a layer id, and that no chain of `after`s loops back.
    func checkAfterReferences(_ references: [AfterReference], knownIDs: [String]) {
        var waitsFor: [String: [AfterReference]] = [:]
        let known = Set(knownIDs)
        for reference in references {
            guard known.contains(reference.target) else {
                let suggestion = roomForProblems > 0 ? Suggestion.didYouMean(reference.target, among: knownIDs) : ""
                report(
                    "no layer has the id \(JSONText.quoted(reference.target))" + suggestion,
                    path: reference.path, at: reference.position,
                    hint: suggestion.isEmpty
                        ? (knownIDs.isEmpty
                            ? "give the layer to wait for an \"id\""
                            : "layer ids: " + JSONText.list(knownIDs)) : nil)
                continue
            }
            if let id = reference.layerID { waitsFor[id, default: []].append(reference) }
        }
        reportCycles(waitsFor)
    }

    /// Reports each cycle once, at the `after` that closes it: `"after" makes a cycle: "a" → "b" → "a"`
    /// (a long cycle names its first layers and the one that closes it, see `JSONText.chain`).
    private func reportCycles(_ waitsFor: [String: [AfterReference]]) {
        var finished: Set<String> = []
        for root in waitsFor.keys.sorted() where !finished.contains(root) {
            // Iterative depth-first search; `trail` is the current chain of ids.
            var trail: [String] = [root]
            var nextEdge: [Int] = [0]
            var onTrail: Set<String> = [root]
            while let id = trail.last {
                let edges = waitsFor[id] ?? []
                let edgeIndex = nextEdge[nextEdge.count - 1]
                guard edgeIndex < edges.count else {
                    finished.insert(id)
                    onTrail.remove(id)
                    trail.removeLast()
                    nextEdge.removeLast()
                    continue
                }
                nextEdge[nextEdge.count - 1] += 1
                let reference = edges[edgeIndex]
                let target = reference.target
                if onTrail.contains(target) {
                    let cycle = trail[trail.firstIndex(of: target)!...] + [target]
                    report(
                        "\"after\" makes a cycle: " + JSONText.chain(Array(cycle)), path: reference.path,
                        at: reference.position, hint: "an animation cannot wait for a layer that waits for it")
                } else if !finished.contains(target) {
                    trail.append(target)
                    nextEdge.append(0)
                    onTrail.insert(target)
                }
            }
        }
    }
}
