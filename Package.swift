// swift-tools-version: 6.1
import PackageDescription

// Layers, with dependencies pointing one way only:
// Hierarchy (model, data controller) → HierarchyReaders (input formats)
// CollectionLayout (headless collection-view engine) → SchematicLayout (the talk's layout),
//   StandardLayouts (flow, grid, circle, masonry, effects)
// SchematicRenderers (SVG, DOT, JSON from layout attributes) → schematic (CLI).
let package = Package(
    name: "Schematic",
    products: [
        .library(name: "Schematic", targets: ["Schematic"]),
        // The layout engine alone, and the layouts on it: no fonts, Graphviz or readers to build.
        .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
        .library(name: "SchematicLayout", targets: ["SchematicLayout", "Hierarchy"]),
        .library(name: "StandardLayouts", targets: ["StandardLayouts", "SchematicLayout", "Hierarchy"]),
        .executable(name: "schematic", targets: ["SchematicCLI"]),
        .executable(name: "schematic-markdown-html", targets: ["SchematicMarkdownHTML"]),
        .executable(name: "schematic-serve", targets: ["SchematicServe"]),
        .plugin(name: "SchematicPlugin", targets: ["SchematicPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
    ],
    targets: [
        .target(name: "Hierarchy"),
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "HierarchyReaders", dependencies: ["Hierarchy", "Graphviz", "CLibYAML", "CZlib"]),
        .systemLibrary(name: "CTextShaping", pkgConfig: "harfbuzz-subset",
                       providers: [.apt(["libharfbuzz-dev", "libfontconfig-dev", "libfreetype-dev"])]),
        .target(name: "LabelMetrics", dependencies: ["CTextShaping"]),
        // Graphviz's headers (libgraphviz-dev); its libraries are opened on first use (dlopen),
        // not linked, so that runs which never need Graphviz do not load it at start-up.
        .systemLibrary(name: "CGraphviz"),
        .target(name: "Graphviz", dependencies: ["CGraphviz"]),
        .target(name: "CollectionLayout"),
        .target(name: "SchematicLayout", dependencies: [
            "CollectionLayout", "Hierarchy", .product(name: "HeapModule", package: "swift-collections"),
        ]),
        .target(name: "StandardLayouts", dependencies: [
            "CollectionLayout", "Hierarchy", "SchematicLayout", .product(name: "HeapModule", package: "swift-collections"),
        ]),
        .target(name: "SchematicRenderers", dependencies: [
            "CollectionLayout", "Hierarchy", .product(name: "ExtrasBase64", package: "swift-extras-base64"),
        ]),
        .target(name: "Schematic", dependencies: [
            "Hierarchy", "HierarchyReaders", "LabelMetrics", "Graphviz", "CollectionLayout", "SchematicLayout", "StandardLayouts", "SchematicRenderers",
        ]),
        .executableTarget(name: "SchematicCLI", dependencies: [
            "Schematic",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "SchematicBenchmarks", dependencies: ["Schematic", "SchematicLayout", "Graphviz"]),
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "SchematicFuzz", dependencies: ["Schematic", "CLibFuzzer"]),
        .plugin(name: "SchematicPlugin",
                capability: .command(
                    intent: .custom(verb: "schematic", description: "Render the *.schematic files of DocC catalogs to SVG beside them"),
                    permissions: [.writeToPackageDirectory(reason: "Writes each diagram's SVG next to its source in the DocC catalog")]),
                dependencies: ["SchematicCLI"]),
        .executableTarget(name: "SchematicMarkdownHTML", dependencies: [.product(name: "Ink", package: "Ink")]),
        // The HTTP and WebSocket side of `schematic serve`, kept out of `schematic` so that it starts fast.
        .executableTarget(name: "SchematicServe", dependencies: [
            .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
        ]),
        .target(name: "TestSupport", dependencies: ["Hierarchy", "CollectionLayout"], path: "Tests/TestSupport"),
        .testTarget(name: "HierarchyTests", dependencies: ["Hierarchy", "HierarchyReaders", "Graphviz", "Schematic", "TestSupport"]),
        .testTarget(name: "CollectionLayoutTests", dependencies: ["CollectionLayout", "TestSupport"]),
        .testTarget(name: "LabelMetricsTests", dependencies: ["LabelMetrics", "TestSupport"]),
        .testTarget(name: "GraphvizTests", dependencies: ["Graphviz"]),
        .testTarget(name: "SchematicLayoutTests", dependencies: ["SchematicLayout", "HierarchyReaders", "TestSupport"]),
        .testTarget(name: "StandardLayoutsTests", dependencies: ["StandardLayouts", "HierarchyReaders", "TestSupport"]),
        .testTarget(name: "SchematicRenderersTests", dependencies: ["Schematic", "TestSupport"]),
        .testTarget(name: "SchematicTests", dependencies: ["Schematic", "SchematicLayout", "Graphviz", "TestSupport"]),
        .testTarget(name: "SchematicCLITests", dependencies: ["SchematicCLI", "SchematicServe", "SchematicBenchmarks", "Schematic", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
