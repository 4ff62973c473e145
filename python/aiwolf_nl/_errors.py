"""The exception raised for text that is not a protocol sentence (or is over a limit)."""

from __future__ import annotations

from typing import List, Tuple


class ProtocolError(Exception):
    """A rejected input: ``code`` (stable snake_case, as the CLI and the HTTP API give it), ``span`` (the byte
    range ``(start, end)`` of the UTF-8 input it is about), ``expected`` (what would have been accepted there)
    and ``message`` (one line for humans). ``str(error)`` is the CLI's ``ERROR`` line without the prefix."""

    code: str
    span: Tuple[int, int]
    expected: List[str]
    message: str

    def __init__(self, code: str, span: Tuple[int, int], expected: List[str], message: str) -> None:
        # Every field goes to Exception.args, so the error pickles and copies as it is.
        super().__init__(code, tuple(span), list(expected), message)
        self.code = code
        self.span = (span[0], span[1])
        self.expected = list(expected)
        self.message = message

    def __str__(self) -> str:
        return f"{self.code} {self.span[0]}..{self.span[1]}: {self.message}"
