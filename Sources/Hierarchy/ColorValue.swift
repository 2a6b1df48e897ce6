/// A colour as files write it (`#rgb`, `#rrggbb`, with alpha `#rgba`, `#rrggbbaa`, a CSS colour
/// name, `rgb(…)`, `rgba(…)`, `hsl(…)`, `hsla(…)`), resolved to the lowercase `#rrggbb` (or
/// `#rrggbbaa` when not opaque) that CSS, SVG and Graphviz all read alike: Graphviz reads no
/// `rgb(…)` and gives some names other colours than CSS, so a PNG drew what the SVG did not.
enum ColorValue {
    /// The resolved colour, or nil where `text` (without surrounding whitespace) is none.
    static func resolved(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("#") { return hex(lowered.dropFirst()) }
        if lowered == "transparent" { return "#00000000" }
        if let rgb = cssColorNames[lowered] { return format(red: Double(rgb >> 16), green: Double(rgb >> 8 & 0xFF), blue: Double(rgb & 0xFF)) }
        for function in ["rgba(", "rgb(", "hsla(", "hsl("] where lowered.hasPrefix(function) && lowered.hasSuffix(")") {
            return functional(lowered.dropFirst(function.count).dropLast(), isHSL: function.hasPrefix("hsl"))
        }
        return nil
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (the digits after `#`).
    private static func hex(_ digits: Substring) -> String? {
        guard digits.allSatisfy(\.isHexDigit) && digits.allSatisfy(\.isASCII) else { return nil }
        switch digits.count {
        case 3, 4:
            let doubled = digits.map { "\($0)\($0)" }.joined()
            return "#" + (doubled.hasSuffix("ff") && digits.count == 4 ? String(doubled.dropLast(2)) : doubled)
        case 6: return "#" + digits
        case 8: return "#" + (digits.hasSuffix("ff") ? String(digits.dropLast(2)) : String(digits))
        default: return nil
        }
    }

    /// The arguments of `rgb(…)` or `hsl(…)`, with commas (`rgb(200, 0, 0)`) or spaces and a
    /// slash before the alpha (`rgb(200 0 0 / 50%)`): numbers, percentages, a hue in degrees.
    private static func functional(_ arguments: Substring, isHSL: Bool) -> String? {
        let parts = arguments.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" })
        guard parts.count == 3 || parts.count == 4 else { return nil }
        /// A number, or a percentage of `whole`; clamped to 0...whole as CSS clamps.
        func value(_ part: Substring, whole: Double) -> Double? {
            var text = part
            let isPercentage = text.hasSuffix("%")
            if isPercentage { text = text.dropLast() }
            else if text.hasSuffix("deg") { text = text.dropLast(3) }
            guard let number = Double(text), number.isFinite, text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
            else { return nil }
            return min(max(isPercentage ? number * whole / 100 : number, 0), whole)
        }
        let alpha = parts.count == 4 ? value(parts[3], whole: 1) : 1
        guard let alpha else { return nil }
        if isHSL {
            // (Saturation and lightness are percentages, written with `%` or, as CSS 4 allows, without.)
            func percentage(_ part: Substring) -> Double? {
                value(part.hasSuffix("%") ? part : Substring(part + "%"), whole: 1)
            }
            guard let degrees = Double(parts[0].hasSuffix("deg") ? parts[0].dropLast(3) : parts[0]), degrees.isFinite,
                  let saturation = percentage(parts[1]), let lightness = percentage(parts[2])
            else { return nil }
            // CSS Color 4's hsl-to-rgb.
            let hue = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            func channel(_ n: Double) -> Double {
                let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
                let a = saturation * min(lightness, 1 - lightness)
                return 255 * (lightness - a * max(-1, min(k - 3, 9 - k, 1)))
            }
            return format(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
        }
        guard let red = value(parts[0], whole: 255), let green = value(parts[1], whole: 255), let blue = value(parts[2], whole: 255)
        else { return nil }
        return format(red: red, green: green, blue: blue, alpha: alpha)
    }

    private static func format(red: Double, green: Double, blue: Double, alpha: Double = 1) -> String {
        func byte(_ value: Double) -> String {
            let rounded = Int(min(max(value, 0), 255).rounded())
            let digits = String(rounded, radix: 16)
            return rounded < 16 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha * 255) : "")
    }
}
