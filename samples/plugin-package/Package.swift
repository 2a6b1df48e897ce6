// swift-tools-version: 6.0
// A package whose DocC catalog holds a diagram source; the Schematic plugin renders it:
//   swift package --allow-writing-to-package-directory schematic
import PackageDescription

let package = Package(
    name: "Demo",
    products: [.library(name: "Demo", targets: ["Demo"])],
    dependencies: [.package(name: "Schematic", path: "../..")],
    targets: [.target(name: "Demo")]
)
