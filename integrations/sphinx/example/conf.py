project = "Schematic in Sphinx"
extensions = ["sphinxcontrib.schematic"]
schematic_defaults = {"max-label-width": "200"}
html_theme = "alabaster"
latex_documents = [("index", "example.tex", project, "Schematic", "howto")]
