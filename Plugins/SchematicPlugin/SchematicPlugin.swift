import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory schematic [--target NAME] [schematic options]`
///
/// Renders every `*.schematic` file (any hierarchy format Schematic reads, sniffed) in the
/// resources of a target's DocC catalog (`Sources/T/T.docc/Resources/`, or anywhere in a `.docc`
/// folder) to an SVG beside it, so DocC articles can show it with `![…](name.svg)`. Options
/// after the verb (e.g. `--align tidy --theme auto`) are passed to `schematic render`.
@main
struct SchematicPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var arguments = arguments
        var targetNames: [String] = []
        while let index = arguments.firstIndex(of: "--target"), index + 1 < arguments.count {
            targetNames.append(arguments[index + 1])
            arguments.removeSubrange(index...(index + 1))
        }
        let tool = try context.tool(named: "SchematicCLI")
        var rendered = 0, failed: [String] = []
        for target in context.package.targets where targetNames.isEmpty || targetNames.contains(target.name) {
            guard let sourceTarget = target as? SourceModuleTarget else { continue }
            let directory = sourceTarget.directoryURL
            guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
            var inputs: [URL] = []
            for case let file as URL in walker
            where file.pathExtension == "schematic" && file.path.contains(".docc/") {
                inputs.append(file)
            }
            for input in inputs.sorted(by: { $0.path < $1.path }) {
                let output = input.deletingPathExtension().appendingPathExtension("svg")
                let process = Process()
                process.executableURL = tool.url
                process.arguments = ["render", input.path, "-o", output.path] + arguments
                try process.run()
                process.waitUntilExit()
                // One bad file (its message above, from `schematic`) does not keep the others
                // from being drawn; the command fails at the end, naming every one.
                guard process.terminationStatus == 0 else {
                    failed.append(input.path)
                    continue
                }
                print("rendered \(output.path)")
                rendered += 1
            }
        }
        print("schematic: \(rendered) diagram\(rendered == 1 ? "" : "s") rendered")
        guard failed.isEmpty else { throw PluginError(failed: failed) }
    }

    /// The files `schematic` could not render.
    struct PluginError: Error, CustomStringConvertible {
        var failed: [String]
        var description: String {
            "schematic could not render \(failed.count) file\(failed.count == 1 ? "" : "s"): " + failed.joined(separator: ", ")
        }
    }
}
