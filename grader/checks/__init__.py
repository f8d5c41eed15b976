"""Grading logic shared by the lab files: one module per kind of check."""
