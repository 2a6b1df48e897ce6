import Graphviz

extension OutputFormat {
    /// The formats the installed Graphviz renders, usable as `gv:NAME`.
    public static func graphvizFormats() -> [String] { Graphviz.renderFormats() }

    /// The format an output file's extension asks for: Schematic's own (`svg`, `png`, …), else
    /// Graphviz's renderer of that name (`gif`, `jpg`, …) when the installed Graphviz has one;
    /// nil when neither can write it.
    public init?(outputExtension: String) {
        if let own = OutputFormat(pathExtension: outputExtension) {
            self = own
        } else if !outputExtension.isEmpty, OutputFormat.graphvizFormats().contains(outputExtension.lowercased()) {
            self = .graphviz(outputExtension.lowercased())
        } else {
            return nil
        }
    }
}
