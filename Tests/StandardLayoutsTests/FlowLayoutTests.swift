import CollectionLayout
import Testing
@testable import StandardLayouts
