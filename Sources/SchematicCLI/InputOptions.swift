import ArgumentParser
import Schematic

/// How input files are read.
struct InputOptions: ParsableArguments {
    @Option(help: "Input format: outline, json, yaml, csv, tsv, markdown, org (Emacs Org), dot or newick (Newick or NEXUS) (default: from the extension, else sniffed).")
    var from: InputFormat?

    @Option(name: .customLong("name-key"), help: "JSON/YAML key of a node's label.")
    var nameKey: String = "name"

    @Option(name: .customLong("children-key"), help: "JSON/YAML key of a node's children.")
    var childrenKey: String = "children"

    @Option(name: .customLong("type-key"), help: "JSON/YAML key of a node's type.")
    var typeKey: String = "type"

    @Option(name: .customLong("id-column"), help: "CSV/TSV column of node ids (default: id, else child, target, to, employee, node, name, label, their …_id forms, or one named …id).")
    var idColumn: String?

    @Option(name: .customLong("parent-column"), help: "CSV/TSV column of parent ids (default: parent_id, parent, source, from, manager_id, reports_to…, or one named parent… or manager…).")
    var parentColumn: String?

    @Option(name: .customLong("label-column"), help: "CSV/TSV column of labels (default: name or label; beside ids also full_name, display_name or title; else the id).")
    var labelColumn: String?

    @Option(name: .customLong("type-column"), help: "CSV/TSV column of node types (default: type, if present).")
    var typeColumn: String?

    @Option(name: .customLong("max-depth"), parsing: .unconditional, help: "Levels to show below the root (a directory is not walked deeper; any other tree is cut there).")
    var maxDepth: Int?

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Directories: leave out entries whose name matches this glob (repeatable).", valueName: "glob"))
    var excludes: [String] = []

    @Flag(help: "Directories: show entries whose name starts with a dot.")
    var hidden = false

    func validate() throws {
        if let maxDepth, maxDepth < 0 { throw ValidationError("--max-depth must be zero or more") }
        if nameKey.isEmpty || childrenKey.isEmpty || typeKey.isEmpty {
            throw ValidationError("--name-key, --children-key and --type-key cannot be empty")
        }
    }

    var readerOptions: ReaderOptions {
        var options = ReaderOptions()
        options.nameKey = nameKey
        options.childrenKey = childrenKey
        options.typeKey = typeKey
        options.idColumn = idColumn
        options.parentColumn = parentColumn
        options.labelColumn = labelColumn
        options.typeColumn = typeColumn
        return options
    }

    var directoryReader: DirectoryReader {
        DirectoryReader(maxDepth: maxDepth, excludes: excludes, includeHidden: hidden)
    }

    /// How these options read an input path.
    var treeReading: TreeReading {
        TreeReading(format: from, reader: readerOptions, directory: directoryReader)
    }
}
