"""Not Nyout's worked examples (being written)."""
from __future__ import annotations

from .diagram import Diagram

DIAGRAMS: list[Diagram] = []
