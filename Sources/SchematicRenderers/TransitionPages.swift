/// The pages that play transitions (`schematic diff --format html`, `schematic serve`) and the
/// messages the live page receives; the animation itself is `TransitionPlayer.script`.
///
/// Live messages are JSON objects: `{"type":"drawing","version":N,"from":M|null,"nodes":K,
/// "svg":"…","transition":{…}|null}` shows a drawing (animating from version M when the page
/// shows it), and `{"type":"status","version":N,"error":"file:line:column: …"|null}` says
/// whether the file last read was good.
public enum TransitionPages {
    private static let style: StaticString = """
        body{margin:0;font-family:system-ui,sans-serif;background:#fff;color:#222}
        #schematic-bar{position:sticky;top:0;z-index:1;display:flex;gap:12px;align-items:center;padding:6px 12px;background:#f3f5f7;border-bottom:1px solid #ddd;font-size:13px}
        #schematic-bar button{font:inherit}
        #schematic-status{position:sticky;top:0;z-index:2;margin:0;padding:8px 12px;background:#fdecea;color:#8a1c12;border-bottom:1px solid #f5c2bd;font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap}
        #schematic-status[hidden]{display:none}
        #schematic-drawing{padding:0}
        #schematic-drawing svg{display:block}

        """

    private static func writeHead(title: String, into output: inout OutputBuffer) {
        output.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        output.appendXMLEscaped(title)
        output.append("</title>\n<style>\n")
        output.append(style)
        output.append("</style>\n</head>\n<body data-state=\"idle\">\n")
    }

    /// A self-contained page that shows the old drawing, then plays the transition to the new
    /// one (again with Replay). Both drawings are SVG written with `SVGRenderer.interactive`.
    public static func writeDiffPage(title: String, oldSVG: [UInt8], newSVG: [UInt8], transitionJSON: [UInt8], into output: inout OutputBuffer) {
        writeHead(title: title, into: &output)
        output.append("<div id=\"schematic-bar\"><button id=\"schematic-replay\" type=\"button\">Replay</button><span>")
        output.appendXMLEscaped(title)
        output.append("</span></div>\n<div id=\"schematic-drawing\"></div>\n<script type=\"application/json\" id=\"schematic-transition\">{\"old\":\"")
        output.appendJSONEscaped(String(decoding: oldSVG, as: UTF8.self))
        output.append("\",\"new\":\"")
        output.appendJSONEscaped(String(decoding: newSVG, as: UTF8.self))
        output.append("\",\"transition\":")
        // The transition JSON escapes "</" inside strings, and has none outside them.
        output.append(bytes: transitionJSON)
        output.append("}</script>\n<script>\n")
        output.append(raw: TransitionPlayer.script)
        output.append("""
            (function () {
              var data = JSON.parse(document.getElementById('schematic-transition').textContent);
              var container = document.getElementById('schematic-drawing');
              var timer = 0;
              function play() {
                clearTimeout(timer);
                SchematicTransitions.finish();
                SchematicTransitions.show(container, data.old, null);
                timer = setTimeout(function () { SchematicTransitions.show(container, data.new, data.transition); }, 400);
              }
              document.getElementById('schematic-replay').addEventListener('click', play);
              play();
            })();
            </script>
            </body>
            </html>

            """)
    }

    /// The live page `schematic serve` serves: it connects to the WebSocket at `/socket` and
    /// shows each drawing it is sent, animated from the one it shows; a status with an error
    /// shows the message above the last good drawing.
    public static func writeLivePage(title: String, into output: inout OutputBuffer) {
        writeHead(title: title, into: &output)
        output.append("<pre id=\"schematic-status\" role=\"alert\" hidden></pre>\n<div id=\"schematic-drawing\"></div>\n<script>\n")
        output.append(raw: TransitionPlayer.script)
        output.append("""
            (function () {
              var container = document.getElementById('schematic-drawing');
              var status = document.getElementById('schematic-status');
              var version = null;
              function say(text) {
                status.textContent = text || '';
                status.hidden = !text;
              }
              function connect() {
                var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/socket');
                socket.onopen = function () { say(''); };
                socket.onmessage = function (event) {
                  var message = JSON.parse(event.data);
                  if (message.type === 'drawing') {
                    var animate = version !== null && message.from === version;
                    SchematicTransitions.show(container, message.svg, animate ? message.transition : null);
                    version = message.version;
                    document.body.dataset.version = version;
                    document.body.dataset.nodes = message.nodes;
                  } else if (message.type === 'status') {
                    say(message.error);
                  }
                };
                socket.onclose = function () {
                  say('schematic serve has stopped; reconnecting\\u2026');
                  setTimeout(connect, 1000);
                };
              }
              connect();
            })();
            </script>
            </body>
            </html>

            """)
    }

    /// The message that shows a drawing: `svg` (interactive SVG), and the transition from
    /// version `from` when there is one.
    public static func drawingMessage(version: Int, from: Int?, nodes: Int, svg: [UInt8], transitionJSON: [UInt8]?) -> [UInt8] {
        var message: [UInt8] = []
        var output = OutputBuffer { message.append(contentsOf: $0) }
        output.append("{\"type\":\"drawing\",\"version\":")
        output.append(version)
        output.append(",\"from\":")
        if let from { output.append(from) } else { output.append("null") }
        output.append(",\"nodes\":")
        output.append(nodes)
        output.append(",\"svg\":\"")
        output.appendJSONEscaped(String(decoding: svg, as: UTF8.self))
        output.append("\",\"transition\":")
        if let transitionJSON { output.append(bytes: transitionJSON) } else { output.append("null") }
        output.append("}")
        output.finish()
        return message
    }

    /// The message that says whether the file last read was good: nil, or its error message.
    public static func statusMessage(version: Int, error: String?) -> [UInt8] {
        var message: [UInt8] = []
        var output = OutputBuffer { message.append(contentsOf: $0) }
        output.append("{\"type\":\"status\",\"version\":")
        output.append(version)
        output.append(",\"error\":")
        if let error {
            output.append("\"")
            output.appendJSONEscaped(error)
            output.append("\"")
        } else {
            output.append("null")
        }
        output.append("}")
        output.finish()
        return message
    }
}
