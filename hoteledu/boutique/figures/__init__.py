"""Boutique Hotel Manager teaching layer (see docs/boutique_analysis.md)."""
