"""The garden table assistant: a companion for tile-laying garden games."""

__version__ = "0.1.0"
