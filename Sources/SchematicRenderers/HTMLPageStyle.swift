/// The big-tree page's CSS: the toolbar, the view, the overview, and the theme's colours as the
/// same custom properties the SVG uses (`--schematic-…`), which the canvas reads.
enum HTMLPageStyle {
    static let common: StaticString = """
        html,body{margin:0;height:100%;font-family:'DejaVu Sans',sans-serif;background:var(--schematic-background)}
        .toolbar{position:fixed;top:8px;left:8px;z-index:2;display:flex;gap:6px;align-items:center;background:rgba(255,255,255,.9);padding:6px;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.2)}

        """

    static let canvasPage: StaticString = """
        #schematic-view{position:absolute;inset:0;overflow:hidden;touch-action:none;cursor:grab}
        #schematic-view:focus{outline:none}
        #schematic-canvas{display:block;width:100%;height:100%}
        #schematic-overview{position:fixed;right:12px;bottom:12px;z-index:2;width:200px;height:150px;background:var(--schematic-background);border:1px solid var(--schematic-connector);border-radius:4px;box-shadow:0 1px 4px rgba(0,0,0,.25);cursor:crosshair}

        """

    static let lightColors: StaticString = """
        :root{--schematic-background:#ffffff;--schematic-connector:#aaaaaa;--schematic-header:#555555;--schematic-band:#f3f5f7;--schematic-panel:#ebeef2;--schematic-normal-fill:#aaaaaa;--schematic-normal-odd-fill:#c5ced8;--schematic-normal-text:#000000;--schematic-important-fill:#ffff00;--schematic-important-text:#000000;--schematic-critical-fill:#ff0000;--schematic-critical-text:#ffffff;--schematic-highlight:#2962ff}

        """

    static let darkColors: StaticString = """
        :root{--schematic-background:#1e1f22;--schematic-connector:#6b6f76;--schematic-header:#c9ccd1;--schematic-band:#2a2c30;--schematic-panel:#2e3137;--schematic-normal-fill:#4a4d52;--schematic-normal-odd-fill:#5a6577;--schematic-normal-text:#f2f3f5;--schematic-important-fill:#d4b500;--schematic-important-text:#000000;--schematic-critical-fill:#c62828;--schematic-critical-text:#ffffff;--schematic-highlight:#82b1ff}

        """

    static let autoColors: StaticString = """
        :root{--schematic-background:#ffffff;--schematic-connector:#aaaaaa;--schematic-header:#555555;--schematic-band:#f3f5f7;--schematic-panel:#ebeef2;--schematic-normal-fill:#aaaaaa;--schematic-normal-odd-fill:#c5ced8;--schematic-normal-text:#000000;--schematic-important-fill:#ffff00;--schematic-important-text:#000000;--schematic-critical-fill:#ff0000;--schematic-critical-text:#ffffff;--schematic-highlight:#2962ff}
        @media (prefers-color-scheme:dark){:root{--schematic-background:#1e1f22;--schematic-connector:#6b6f76;--schematic-header:#c9ccd1;--schematic-band:#2a2c30;--schematic-panel:#2e3137;--schematic-normal-fill:#4a4d52;--schematic-normal-odd-fill:#5a6577;--schematic-normal-text:#f2f3f5;--schematic-important-fill:#d4b500;--schematic-important-text:#000000;--schematic-critical-fill:#c62828;--schematic-critical-text:#ffffff;--schematic-highlight:#82b1ff}}

        """
}
