"""meson-wrapper: install into a temporary prefix, validate, and start the installed binary."""
import os
import subprocess
import pyatspi

from conftest import ROOT, wait_for

APP_ID = "io.github.tandemedit.Tandem"


def test_meson_install_validate_and_run(tmp_path):
    build, prefix = tmp_path / "build", tmp_path / "prefix"
    subprocess.run(["meson", "setup", str(build), str(ROOT / "meson-wrapper"), f"--prefix={prefix}"],
                   check=True, capture_output=True)
    # The release build is SwiftPM's to keep up to date: one folder for every run of this test
    # (X11 and Wayland), so the second builds nothing.
    scratch = dict(os.environ, TANDEM_SWIFT_SCRATCH=str(ROOT / ".build" / "meson-release"))
    subprocess.run(["meson", "install", "-C", str(build)], check=True, capture_output=True, env=scratch)
    for path in ["bin/tandem", f"share/applications/{APP_ID}.desktop", f"share/metainfo/{APP_ID}.metainfo.xml",
                 f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
                 f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
                 f"share/glib-2.0/schemas/{APP_ID}.gschema.xml", "share/glib-2.0/schemas/gschemas.compiled",
                 "share/man/man1/tandem.1", "share/locale/de/LC_MESSAGES/tandem.mo",
                 "share/tandem/tandem-ui.gresource"]:
        assert (prefix / path).exists(), path
    # The desktop file and the metainfo carry the translations.
    assert "Comment[de]=" in (prefix / f"share/applications/{APP_ID}.desktop").read_text()
    assert 'xml:lang="de"' in (prefix / f"share/metainfo/{APP_ID}.metainfo.xml").read_text()
    tests = subprocess.run(["meson", "test", "-C", str(build)], capture_output=True, text=True, env=scratch)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "Ok:                 3" in tests.stdout

    (tmp_path / "installed.txt").write_text("from the installed binary\n")
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    proc = subprocess.Popen([str(prefix / "bin" / "tandem"), "installed.txt"], cwd=tmp_path, env=env)
    try:
        wait_for("the installed binary's window", lambda: any(
            frame is not None and frame.name == "installed.txt"
            for app in pyatspi.Registry.getDesktop(0) if app is not None and app.get_process_id() == proc.pid
            for frame in app), timeout=15)
    finally:
        proc.kill()
        proc.wait()
