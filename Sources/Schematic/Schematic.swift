@_exported import CollectionLayout
@_exported import Hierarchy
@_exported import HierarchyReaders
@_exported import SchematicLayout
@_exported import SchematicRenderers
@_exported import StandardLayouts
