import Ink
#if canImport(Glibc)
import Glibc
#endif

/// `schematic markdown --html` hands its processed Markdown to this helper, which renders the
/// whole document to one HTML page with Ink. A separate executable, because Ink brings
/// Foundation (and its ICU data) into the process, which would cost every `schematic` run
/// several milliseconds of start-up.
///
/// The drawings come as placeholder comments (`<!-- schematic-drawing-N -->`) in the Markdown
/// and as files of HTML, put in place after Ink ran. With `--safe`, Ink's output (with the
/// document's own raw HTML) is sanitized before that (`HTMLSanitizer`).
///
/// Usage: schematic-markdown-html [--safe] INPUT.md OUTPUT.html TITLE [DRAWING.html...]
@main
enum MarkdownToHTML {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let safe = arguments.first == "--safe"
        if safe { arguments.removeFirst() }
        guard arguments.count >= 3 else {
            complain("usage: schematic-markdown-html [--safe] INPUT.md OUTPUT.html TITLE [DRAWING.html...]")
            exit(64)
        }
        guard let markdown = readFile(arguments[0]) else { exit(66) }
        var drawings: [String] = []
        for path in arguments.dropFirst(3) {
            guard let drawing = readFile(path) else { exit(66) }
            drawings.append(drawing)
        }
        // Ink passes raw HTML through (and, after a void element such as <img> not written as
        // <img/>, the rest of the document); with --safe every tag is filtered afterwards, so
        // text inside raw HTML stays as text and the drawings' placeholders stay.
        var body = MarkdownParser().html(from: quotesReadableByInk(markdown))
        if safe { body = HTMLSanitizer().sanitize(body) }
        for (index, drawing) in drawings.enumerated() {
            body = placing(drawing, for: HTMLSanitizer.placeholder(index + 1), in: body, markdown: markdown)
        }
        let title = HTMLSanitizer.escaped(arguments[2])
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
            <style>body{max-width:56rem;margin:2rem auto;padding:0 1rem;font-family:'DejaVu Sans',sans-serif;line-height:1.5}svg{max-width:100%;height:auto}figure.schematic-figure{margin:1rem 0}figure.schematic-figure figcaption{margin-top:.25rem}</style>
            </head>
            <body>
            \(body)
            </body>
            </html>

            """
        guard let output = fopen(arguments[1], "wb"), fwrite(Array(page.utf8), 1, page.utf8.count, output) == page.utf8.count else {
            complain("schematic-markdown-html: cannot write \(arguments[1])")
            exit(74)
        }
        fclose(output)
    }
}

/// The page's HTML with a drawing in place of its placeholder, in a block of its own (inline
/// `<svg>`s side by side drew three blocks on one line). A drawing in a list item (its
/// placeholder indented in the Markdown) goes back into the item: Ink ends a list at a block
/// in an item, so the item's list is closed before the placeholder and a new one opened after
/// it (`</li></ul>` drawing `<ul><li>`), which split one list in two.
func placing(_ drawing: String, for placeholder: String, in body: String, markdown: String) -> String {
    let block = "<div class=\"schematic-drawing\">" + drawing + "</div>"
    let indented = markdown.split(separator: "\n").contains { line in
        line.hasSuffix(placeholder) && line.count > placeholder.count && line.dropLast(placeholder.count).allSatisfy { $0 == " " || $0 == "\t" }
    }
    if indented {
        for list in ["ul", "ol"] {
            let closed = "</li></\(list)>" + placeholder
            guard body.contains(closed) else { continue }
            var result = body.replacingAll(closed, with: block + "</li></\(list)>")
            result = result.replacingAll(block + "</li></\(list)><\(list)>", with: block + "</li>")
            return result
        }
    }
    return replacingOutsideParagraphs(placeholder, with: block, in: body)
}

/// The body with each `placeholder` replaced by `block`, a paragraph around it closed before the
/// block and reopened after it: a `<div>` in a `<p>` is invalid HTML. Ink reads a block quote as
/// one paragraph, so a drawing in a quote came out inside the quote's text.
func replacingOutsideParagraphs(_ placeholder: String, with block: String, in body: String) -> String {
    var result = ""
    var rest = body[...]
    var inParagraph = false
    while let range = rest.firstRange(of: placeholder) {
        let before = rest[..<range.lowerBound]
        let opened = before.ranges(of: "<p>").last?.lowerBound
        let closed = before.ranges(of: "</p>").last?.lowerBound
        if let opened, closed.map({ $0 < opened }) ?? true { inParagraph = true } else if closed != nil { inParagraph = false }
        result += before
        result += inParagraph ? "</p>" + block + "<p>" : block
        rest = rest[range.upperBound...]
    }
    result += rest
    // (Each side of the block may be left with nothing but spaces.)
    for empty in ["<p></p>", "<p> </p>", "<p>\n</p>"] { result = result.replacingAll(empty, with: "") }
    return result
}

/// The document with each line of bare quote markers (`>`, `> >`, a blank line in a quote) given
/// a trailing space: Ink starts a block quote only at `>` followed by a space, and read a quote
/// whose first line was bare (as a drawing placed first in a quote has) as text, `&gt;` and all.
func quotesReadableByInk(_ markdown: String) -> String {
    markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
        let carriageReturn = line.hasSuffix("\r")
        let core = carriageReturn ? line.dropLast() : line
        guard core.last == ">", core.allSatisfy({ $0 == ">" || $0 == " " || $0 == "\t" }) else { return line }
        return core + " " + (carriageReturn ? "\r" : "")
    }.joined(separator: "\n")
}

/// Writes a line to standard error (file descriptor 2, not the C global `stderr`).
private func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
}

/// A file's text, or nil (with a message) when it cannot be read.
private func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else {
        complain("schematic-markdown-html: cannot open \(path)")
        return nil
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

extension String {
    /// Every occurrence of `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
