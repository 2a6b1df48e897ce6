/// The text Gradle's `dependencies` task prints around its trees, as the outline reader meets it.
///
/// A whole report reads:
///
///     > Task :app:dependencies
///
///     ------------------------------------------------------------
///     Project ':app'
///     ------------------------------------------------------------
///
///     compileClasspath - Compile classpath for source set 'main'.
///     +--- org.jetbrains.kotlin:kotlin-stdlib:1.9.0
///     …
///     testCompileClasspath - Compile classpath for source set 'test'.
///     No dependencies
///
///     (*) - Indicates repeated occurrences of a transitive dependency subtree. …
///
///     BUILD SUCCESSFUL in 1s
///
/// The project is the root, each configuration its child (named without its description, which
/// becomes the tooltip), and the trees below them; console lines, rules, "No dependencies" and
/// the legend are not nodes; a failed build's output is refused (its report may stop short).
/// Several reports (`gradle :a:dependencies :b:dependencies`) make a
/// tree per project.
struct GradleReport {
    /// How a line of a report is read.
    enum Line: Equatable {
        /// Not a node: console output, a rule, "No dependencies", the legend.
        case skipped
        /// The project's header, a root.
        case project
        /// A configuration heading its dependency tree.
        case configuration(name: String, description: String?)
        /// A line of a dependency tree.
        case dependency
        /// The build failed ("FAILURE: Build failed with an exception.", "BUILD FAILED"): the
        /// report may stop short, so it is refused rather than drawn in part.
        case failed
    }

    private var sawProject = false
    private var previousWasRule = false
    private var inLegend = false

    /// Whether `bytes` holds a report: among its first lines, a project's header between rules,
    /// unindented.
    static func looksLikeReport(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines: [Substring] = []
        var lineStart = 0
        // (The header comes after at most a few console lines: "> Task …", a deprecation notice.)
        while lineStart < bytes.count && lines.count < 24 {
            let lineEnd = bytes.endOfLine(from: lineStart)
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
            let trimmed = trimmedOfBlanks(Substring(text))
            // (Indented, a line is no rule or header: it belongs to an outline.)
            if !trimmed.isEmpty { lines.append(text.first == " " || text.first == "\t" ? "" : trimmed) }
            lineStart = lineEnd + 1
        }
        guard lines.count >= 3 else { return false }
        for index in 0..<(lines.count - 2) where isRule(lines[index]) && isRule(lines[index + 2]) && isProjectHeader(lines[index + 1]) {
            return true
        }
        return false
    }

    /// Reads the next line that is not blank: its text (indentation and drawing left out) and
    /// whether it was indented.
    mutating func classify(_ text: Substring, indented: Bool) -> Line {
        let afterRule = previousWasRule
        previousWasRule = !indented && Self.isRule(text)
        // Console lines before the first header.
        guard sawProject || !indented && afterRule && Self.isProjectHeader(text) else { return .skipped }
        if indented { return inLegend ? .skipped : .dependency }
        if previousWasRule || text.hasPrefix("> Task ") {
            inLegend = false  // (the next project's report follows)
            return .skipped
        }
        if afterRule && Self.isProjectHeader(text) {
            sawProject = true
            return .project
        }
        if text.hasPrefix("FAILURE: Build failed") || text.hasPrefix("BUILD FAILED") { return .failed }
        if text == "No dependencies" || inLegend { return .skipped }
        if Self.startsLegend(text) || text.hasPrefix("BUILD SUCCESSFUL") {
            inLegend = true  // (what follows is the build's output, up to another report)
            return .skipped
        }
        return Self.configuration(text)
    }

    /// What Gradle says went wrong, from the lines after a failure ("* What went wrong:" and the
    /// line after it), or nil.
    static func failureReason(_ lines: some Sequence<Substring>) -> String? {
        var next = false
        for line in lines {
            let text = trimmedOfBlanks(line)
            if next && !text.isEmpty { return String(text) }
            if text == "* What went wrong:" { next = true }
        }
        return nil
    }

    /// A configuration's line, "name - description" or "name".
    static func configuration(_ text: Substring) -> Line {
        guard let dash = text.firstRange(of: " - ") else { return .configuration(name: String(text), description: nil) }
        let description = trimmedOfBlanks(text[dash.upperBound...])
        return .configuration(name: String(text[..<dash.lowerBound]), description: description.isEmpty ? nil : String(description))
    }

    /// "(*) - Indicates repeated occurrences…", "(c) - …", "(n) - …", and the note on `--scan`.
    static func startsLegend(_ text: Substring) -> Bool {
        ["(*) - ", "(c) - ", "(n) - ", "A web-based, searchable dependency report"].contains { text.hasPrefix($0) }
    }

    private static func isRule(_ text: Substring) -> Bool {
        text.utf8.count >= 20 && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") }
    }

    private static func isProjectHeader(_ text: Substring) -> Bool {
        text.hasPrefix("Root project ") || text.hasPrefix("Project ")
    }
}

/// `text` without the spaces, tabs and carriage returns around it.
private func trimmedOfBlanks(_ text: Substring) -> Substring {
    var result = text
    while let first = result.first, first == " " || first == "\t" || first == "\r" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
    return result
}
