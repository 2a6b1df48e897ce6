import Ink
#if canImport(Glibc)
import Glibc
#endif

/// `schematic markdown --html` hands its processed Markdown to this helper, which renders the
/// whole document to one HTML page with Ink. A separate executable, because Ink brings
/// Foundation (and its ICU data) into the process, which would cost every `schematic` run
/// several milliseconds of start-up.
///
/// Usage: schematic-markdown-html INPUT.md OUTPUT.html TITLE
@main
enum MarkdownToHTML {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 4 else {
            complain("usage: schematic-markdown-html INPUT.md OUTPUT.html TITLE")
            exit(64)
        }
        guard let input = fopen(arguments[1], "rb") else {
            complain("schematic-markdown-html: cannot open \(arguments[1])")
            exit(66)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, input)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        fclose(input)
        let body = MarkdownParser().html(from: String(decoding: bytes, as: UTF8.self))
        let title = arguments[3].replacingAll("&", "&amp;").replacingAll("<", "&lt;")
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(title)</title>
            <style>body{max-width:56rem;margin:2rem auto;padding:0 1rem;font-family:'DejaVu Sans',sans-serif;line-height:1.5}svg{max-width:100%;height:auto}</style>
            </head>
            <body>
            \(body)
            </body>
            </html>

            """
        guard let output = fopen(arguments[2], "wb"), fwrite(Array(page.utf8), 1, page.utf8.count, output) == page.utf8.count else {
            complain("schematic-markdown-html: cannot write \(arguments[2])")
            exit(74)
        }
        fclose(output)
    }
}

/// Writes a line to standard error (file descriptor 2, not the C global `stderr`).
private func complain(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
}

private extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
