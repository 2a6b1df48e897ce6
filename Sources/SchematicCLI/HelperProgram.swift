import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The path of a program built with the package that sits beside this executable (the helpers
/// that link what `schematic` itself stays free of, to start fast), or a failure naming what
/// needs it and how to build it.
func helperProgram(_ product: String, neededBy feature: String) throws -> String {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    let executable = length > 0 ? String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    let helper = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]) + "/" + product
    guard access(helper, X_OK) == 0 else {
        throw fail("schematic: \(feature) needs \(helper) (built with the package: swift build --product \(product))", ExitStatus.unavailable)
    }
    return helper
}
