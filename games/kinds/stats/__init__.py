"""Helpers the kinds share to build their statistics tables."""
