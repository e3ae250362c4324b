import Foundation
import KinetypeEncode
import KinetypeRender

/// The page `verify --html` writes (and `verify` writes beside the failure images when frames fail):
/// one self-contained HTML file listing every scene and frame, failures first, with expected,
/// actual and diff images to compare (slider, onion skin, side by side), the changed pixel counts,
/// how the environment differs from the goldens', and the command that accepts the changes.
///
/// Images are inlined as `data:` URIs, so the file can be moved or attached to a CI run on its
/// own; past `inlineBudget` bytes of images, the rest are linked by their path relative to the
/// page. Every text from a scene, a path or a message is escaped with `HTMLText`; the page's script
/// only switches views and never builds markup from data.
public struct VerifyHTMLReport {
    /// The run the page shows (a whole run, a shard, or the merge of a run's shards).
    public var report: VerifyReport
    /// Image bytes to inline before linking the rest by relative path.
    public var inlineBudget = 48 << 20
    /// Which files the page reads for the images the report names: by default the paths as they
    /// are, for the report of this very run; for a merge of shard reports only the images the merge
    /// found inside the shards' artifacts folders.
    public var images: ReviewImages = .asNamed
    /// Above this many scenes, passing scenes with nothing to note are listed in one table instead
    /// of a section each, so the page of a large run stays quick to open and to read.
    public var sectionLimit = 40

    /// The marker by which a page is known as one `verify` wrote (and may remove when stale).
    static let generator = "kinetype verify"

    public init(report: VerifyReport) {
        self.report = report
    }

    private var entries: [VerifyReport.Entry] { report.scenes }

    /// Removes the page at `url` if it is one `verify` wrote (a stale review of an earlier failing
    /// run); any other file is left alone.
    public static func removeStale(at url: URL) {
        guard let data = try? RegularFile.read(url.path, limit: RegularFile.documentLimit),
            let text = String(data: data.prefix(2048), encoding: .utf8),
            text.contains("<meta name=\"generator\" content=\"\(generator)\">")
        else { return }
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes the page to `url` atomically (put in place with `group`'s other outputs when given).
    public func write(to url: URL, group: OutputGroup? = nil) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(
                kind: .cannotWrite,
                message: "cannot create the folder of the HTML report \(OutputError.displayPath(folder)): "
                    + SystemError.reason(of: error),
                hint: SystemError.errno(of: error).flatMap(SystemError.hint(errno:))
            ).fail()
        }
        try AtomicFile.write(Data(html(pageURL: url).utf8), to: url, group: group)
    }

    /// The page's HTML; `pageURL` is where it will be, for links to images that are not inlined.
    public func html(pageURL: URL) -> String {
        var images = ImageSources(
            budget: inlineBudget, pageFolder: pageURL.deletingLastPathComponent(), files: self.images)
        let ordered = entries.enumerated().sorted { lhs, rhs in
            (lhs.element.result.passed ? 1 : 0, lhs.offset) < (rhs.element.result.passed ? 1 : 0, rhs.offset)
        }.map(\.element)
        let failing = ordered.filter { !$0.result.passed }
        let failedFrames = entries.map { $0.result.count(.failed) }.reduce(0, +)
        let totalFrames = entries.map(\.result.frames.count).reduce(0, +)
        let title = failing.isEmpty ? "kinetype verify: all passed" : "kinetype verify: \(failing.count) failing"

        var page = """
            \(ReviewPageStyle.head(title: title, generator: Self.generator))
            <body data-state="loading">
            <header class="top">
            <h1>kinetype verify</h1>
            <p class="summary \(failing.isEmpty ? "ok" : "bad")">\(summaryLine(failing: failing.count, failedFrames: failedFrames, totalFrames: totalFrames))</p>
            \(report.interrupted ? "<p class=\"callout warn\">The run was interrupted: scenes after the last one listed were not verified.</p>" : "")
            <p class="meta">\(HTMLText.escape(environmentLine)) · threshold \(format(report.comparison.threshold)), \
            max diff pixels \(report.comparison.maxDiffPixels), max diff ratio \(format(report.comparison.maxDiffRatio))\
            \(report.shard.map { " · shards " + HTMLText.escape($0) } ?? "")</p>
            \(obsoleteCallout)

            """
        if !failing.isEmpty {
            page += """
                <div class="accept"><h2>Accept every change</h2>
                <p>If the differences are intended, record the renders as the new goldens:</p>
                \(commandBox(report.acceptCommand(for: failing.map(\.scenePath))))
                </div>

                """
        }
        let compact = ordered.count > sectionLimit
        let sections = compact ? ordered.filter { !$0.result.passed || hasNotes($0.result) } : ordered
        let listed = compact ? ordered.filter { $0.result.passed && !hasNotes($0.result) } : []
        if sections.count > 1 {
            page += "<nav class=\"toc\"><ul>"
            for (index, entry) in sections.enumerated() {
                page +=
                    "<li><a href=\"#scene-\(index)\"><span class=\"chip \(entry.result.passed ? "passed" : "failed")\">"
                    + "\(entry.result.passed ? "ok" : "failed")</span> \(HTMLText.escape(entry.result.scene))</a></li>"
            }
            page += "</ul></nav>"
        }
        page += "\n</header>\n<main>\n"
        for (index, entry) in sections.enumerated() {
            page += section(entry, index: index, images: &images)
        }
        if !listed.isEmpty { page += passedTable(listed) }
        if images.linked > 0 {
            page +=
                "<p class=\"callout\">\(images.linked) image(s) were not inlined to keep this page under "
                + "\(inlineBudget >> 20) MiB; they are linked from the failure folder beside it.</p>\n"
        }
        page += "</main>\n<script>\(ReviewPageStyle.reportScript)</script>\n</body>\n</html>\n"
        return page
    }

    private func summaryLine(failing: Int, failedFrames: Int, totalFrames: Int) -> String {
        let scenes = "\(entries.count) scene\(entries.count == 1 ? "" : "s")"
        if failing == 0 { return "\(scenes), \(totalFrames) frame(s) checked: all passed" }
        return
            "\(scenes), \(totalFrames) frame(s) checked: \(failing) scene(s) failing, \(failedFrames) frame(s) changed"
    }

    /// Whether a passing scene has something to say besides "ok".
    private func hasNotes(_ result: SceneVerification) -> Bool {
        !result.environmentChanges.isEmpty || !result.obsoleteFrames.isEmpty || !result.removedFrames.isEmpty
            || result.count(.recorded) > 0 || result.count(.updated) > 0
    }

    private var obsoleteCallout: String {
        var lines: [String] = []
        if !report.obsoleteSets.isEmpty {
            lines.append(
                "\(report.obsoleteSets.count) obsolete golden set(s) that no scene of this run uses: "
                    + listing(report.obsoleteSets) + "; remove them with <code>\(CommandLineOption.prune.flag)</code>")
        }
        if !report.removedSets.isEmpty {
            lines.append("\(report.removedSets.count) obsolete golden set(s) removed: " + listing(report.removedSets))
        }
        let frames = report.obsoleteFrameCount
        if frames > 0 {
            lines.append(
                "\(frames) obsolete golden frame(s) in the sets below, frames this run does not compare; remove "
                    + "them with <code>\(CommandLineOption.prune.flag)</code> or "
                    + "<code>\(CommandLineOption.record.flag) all</code>"
            )
        }
        guard !lines.isEmpty else { return "" }
        return "<div class=\"callout warn obsolete\"><ul>" + lines.map { "<li>\($0)</li>" }.joined() + "</ul></div>"
    }

    /// Names as escaped code, the first 20 of them.
    private func listing(_ names: [String]) -> String {
        let shown = names.prefix(20).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", ")
        return names.count > 20 ? shown + " and \(names.count - 20) more" : shown
    }

    /// The passing scenes of a large run, one row each.
    private func passedTable(_ listed: [VerifyReport.Entry]) -> String {
        var html =
            "<section class=\"passed-list\"><h2>\(listed.count) more scene(s) passed</h2>"
            + "<table><thead><tr><th>scene</th><th>frames</th><th>antialiased</th><th>scene file</th></tr></thead><tbody>"
        for entry in listed {
            let antialiased = entry.result.frames.map(\.antialiasedPixels).reduce(0, +)
            html +=
                "<tr data-scene=\"\(HTMLText.escape(entry.result.scene))\"><td>\(HTMLText.escape(entry.result.scene))</td>"
                + "<td>\(entry.result.frames.count)</td><td>\(antialiased)</td>"
                + "<td><code>\(HTMLText.escape(entry.scenePath))</code></td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private var environmentLine: String {
        "kinetype \(KinetypeVersion.current), render stack \(RenderStack.current.summary), "
            + "cairo \(RenderLibraryVersions.cairo), pango \(RenderLibraryVersions.pango), "
            + "harfbuzz \(RenderLibraryVersions.harfbuzz), freetype \(RenderLibraryVersions.freetype)"
    }

    private func section(_ entry: VerifyReport.Entry, index: Int, images: inout ImageSources) -> String {
        let result = entry.result
        let counts = [FrameVerdict.Status.failed, .missing, .passed, .recorded, .updated]
            .map { (status: $0, count: result.count($0)) }
            .filter { $0.count > 0 }
            .map { "<span class=\"chip \($0.status.rawValue)\">\($0.count) \($0.status.rawValue)</span>" }
            .joined(separator: " ")
        var html = """
            <section class="scene \(result.passed ? "passed" : "failed")" id="scene-\(index)" data-scene="\(HTMLText.escape(result.scene))">
            <h2>\(HTMLText.escape(result.scene)) <span class="chip \(result.passed ? "passed" : "failed")">\(result.passed ? "ok" : "failed")</span></h2>
            <dl class="paths"><dt>scene</dt><dd><code>\(HTMLText.escape(entry.scenePath))</code></dd>
            <dt>goldens</dt><dd><code>\(HTMLText.escape(result.golden))</code></dd></dl>
            <p class="counts">\(counts)</p>

            """
        if !result.environmentChanges.isEmpty {
            html +=
                "<div class=\"callout warn env\"><p>The environment differs from the one the goldens were recorded "
                + "in, so differences may come from it rather than from the scene:</p><ul>"
            for change in result.environmentChanges { html += "<li>\(HTMLText.escape(change))</li>" }
            html += "</ul></div>\n"
        }
        if !result.problems.isEmpty {
            html += "<div class=\"callout bad\"><ul>"
            for problem in result.problems { html += "<li>\(HTMLText.escape(problem))</li>" }
            html += "</ul></div>\n"
        }
        if !result.passed {
            html += "<p>Accept this scene's changes:</p>\(commandBox(report.acceptCommand(for: [entry.scenePath])))\n"
        }
        let missing = result.count(.missing)
        if missing > 0 {
            let withheld = result.recordingWithheld ? " They were not recorded, because the set fails." : ""
            html +=
                "<p class=\"callout\">\(missing) frame(s) have no golden; <code>\(CommandLineOption.record.flag) "
                + "failed</code> records them too."
                + "\(withheld)</p>\n"
        }
        if !result.obsoleteFrames.isEmpty {
            html +=
                "<p class=\"callout warn\">\(result.obsoleteFrames.count) obsolete golden frame(s), not among the frames "
                + "this run compares: \(listing(result.obsoleteFrames))</p>\n"
        }
        if !result.removedFrames.isEmpty {
            html +=
                "<p class=\"callout\">\(result.removedFrames.count) obsolete golden frame(s) removed: "
                + "\(listing(result.removedFrames))</p>\n"
        }
        for verdict in result.worstFrames {
            html += frameCard(verdict, images: &images)
        }
        let others = result.frames.filter { $0.status != .failed }
        if !others.isEmpty {
            html +=
                "<details class=\"others\"\(result.passed && result.frames.count <= 40 ? " open" : "")>"
                + "<summary>\(others.count) other frame(s)</summary><table><thead><tr><th>frame</th><th>time</th>"
                + "<th>status</th><th>changed</th><th>antialiased</th><th>max distance</th></tr></thead><tbody>"
            for verdict in others {
                html +=
                    "<tr><td>\(verdict.frame + 1)</td><td>\(String(format: "%.3f s", verdict.time))</td>"
                    + "<td><span class=\"chip \(verdict.status.rawValue)\">\(verdict.status.rawValue)</span></td>"
                    + "<td>\(verdict.changedPixels)</td><td>\(verdict.antialiasedPixels)</td>"
                    + "<td>\(String(format: "%.3f", verdict.maxDistance))</td></tr>"
            }
            html += "</tbody></table></details>\n"
        }
        return html + "</section>\n"
    }

    private func frameCard(_ verdict: FrameVerdict, images: inout ImageSources) -> String {
        let expected = images.source(verdict.expectedPath)
        let actual = images.source(verdict.actualPath)
        let diff = images.source(verdict.diffPath)
        let label = "frame \(verdict.frame + 1)"
        return """
            <article class="frame failed" data-frame="\(verdict.frame + 1)">
            <h3>\(label) <span class="muted">at \(String(format: "%.3f", verdict.time)) s</span>
            <span class="chip failed">\(verdict.changedPixels) changed pixels</span></h3>
            <p class="muted">\(verdict.antialiasedPixels) antialiased pixels not counted · largest color distance \
            \(String(format: "%.3f", verdict.maxDistance))</p>
            <div class="compare" data-mode="slider">
            <div class="modes" role="tablist"><button data-mode="slider" class="on">Slider</button>\
            <button data-mode="onion">Onion skin</button><button data-mode="side">Side by side</button>\
            <button data-mode="diff">Diff</button>
            <label class="zoom">zoom <select><option value="1">1×</option><option value="2">2×</option>\
            <option value="4">4×</option></select></label></div>
            <div class="viewer"><div class="stage">
            <figure class="expected"><img alt="expected \(label)" src="\(expected)"><figcaption>expected (golden)</figcaption></figure>
            <figure class="actual"><img alt="actual \(label)" src="\(actual)"><figcaption>actual (render)</figcaption></figure>
            <figure class="diff"><img alt="diff \(label)" src="\(diff)"><figcaption>diff: red changed, yellow antialiased</figcaption></figure>
            </div>
            <input class="mix" type="range" min="0" max="100" value="50" aria-label="actual ↔ expected"></div>
            <p class="files muted"><code>\(HTMLText.escape(verdict.diffPath ?? ""))</code></p>
            </div>
            </article>

            """
    }

    private func commandBox(_ arguments: [String]) -> String {
        "<div class=\"command\"><code>\(HTMLText.escape(HTMLText.shellCommand(arguments)))</code>"
            + "<button class=\"copy\" type=\"button\">Copy</button></div>"
    }

    private func format(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// Which files a review page reads for the images its report names.
public enum ReviewImages: Sendable {
    /// The paths as the report names them: the report of the run that wrote the images.
    case asNamed
    /// Only these images, by the path the report names them with, each read beneath its artifacts
    /// folder and only when it is a PNG (`VerifyReportMerge.Merged.images`); any other path shows
    /// no image, so a report from another machine cannot make the page embed a file it names.
    case found([String: ArtifactImage])
}

/// Where each image of the page comes from: inlined while the budget lasts, then a relative link.
private struct ImageSources {
    var budget: Int
    let pageFolder: URL
    let files: ReviewImages
    var linked = 0

    init(budget: Int, pageFolder: URL, files: ReviewImages) {
        self.budget = budget
        self.pageFolder = pageFolder
        self.files = files
    }

    /// A `src` attribute value, already escaped.
    mutating func source(_ reported: String?) -> String {
        guard let reported else { return "" }
        let path: String
        let data: Data?
        switch files {
        case .asNamed:
            path = reported
            data = try? RegularFile.read(path, limit: RegularFile.imageLimit)
        case .found(let images):
            guard let image = images[reported] else { return "" }
            path = image.path
            data = image.read()
            if data == nil { return "" }
        }
        if let data, data.count <= budget {
            budget -= data.count
            return "data:image/png;base64," + data.base64EncodedString()
        }
        linked += 1
        return HTMLText.escape(relativeLink(to: URL(fileURLWithPath: path)))
    }

    /// `path` relative to the page's folder, percent-encoded for an `src` attribute.
    private func relativeLink(to file: URL) -> String {
        let from = pageFolder.standardizedFileURL.pathComponents
        let to = file.standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }
}
