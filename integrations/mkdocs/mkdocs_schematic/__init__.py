"""MkDocs plugin that draws ```schematic blocks with Schematic."""
