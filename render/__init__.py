"""Pillow pictures. Each game module draws a *view*, never a raw state: ``render(view)``."""
