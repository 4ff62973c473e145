"""Type stubs of the compiled module; use the wrappers in ``aiwolf_nl`` instead of calling it directly."""

from os import PathLike
from typing import List, Optional, Tuple, Union

MAX_EXPANDED_SENTENCES: int

def parse_text(text: str, strict: bool = False) -> Tuple[str, str, str]: ...
def normalize_text(text: str, strict: bool = False) -> str: ...
def expand_any_text(text: str, agents: List[str], strict: bool = False) -> Tuple[str, str]: ...

class NativeTranslator:
    def __init__(
        self,
        names_json: Optional[str] = None,
        templates_dir: Optional[Union[str, PathLike]] = None,
        phrases_dir: Optional[Union[str, PathLike]] = None,
    ) -> None: ...
    def translate(
        self,
        text: str,
        source: str,
        target: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
        style: str = "polite",
        channel: str = "talk",
    ) -> str: ...
    def render_tree(
        self,
        tree_json: str,
        target: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
        style: str = "polite",
        channel: str = "talk",
    ) -> str: ...
    def understand(
        self,
        text: str,
        source: str,
        speaker: Optional[str] = None,
        addressee: Optional[str] = None,
        day: Optional[int] = None,
    ) -> Tuple[str, str]: ...
    def render_log(self, log_text: str, lang: str, format: str = "text", style: str = "polite") -> str: ...
