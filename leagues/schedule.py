"""The season schedule of one division: pure Python, no Django (an import-linter contract)."""
