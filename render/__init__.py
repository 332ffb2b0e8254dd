"""Pillow renderers: views in, PNG bytes out."""
