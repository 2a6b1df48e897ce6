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
        var rendered = 0
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
                guard process.terminationStatus == 0 else {
                    Diagnostics.error("schematic could not render \(input.path)")
                    throw PluginError.renderFailed(input.path)
                }
                print("rendered \(output.path)")
                rendered += 1
            }
        }
        print("schematic: \(rendered) diagram\(rendered == 1 ? "" : "s") rendered")
    }

    enum PluginError: Error {
        case renderFailed(String)
    }
}
