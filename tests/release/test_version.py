"""The version rin names (`rin --version`, GTP `version`): the release of
CMakeLists.txt, and in a build from a git checkout the commit too, as
RELEASE-dev-YYYYMMDD-HASH (protocol/version.cmake); from a source tree
without git, such as a release tarball, the release alone."""

import os
import re
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
RIN = os.environ.get("RIN_BINARY") or os.path.join(ROOT, "build", "rin")
CMAKE = os.environ.get("CMAKE_COMMAND", "cmake")
VERSION_PATTERN = r"\d+\.\d+\.\d+(-dev-\d{8}-[0-9a-f]{7,})?"


def release():
    """The project's version in CMakeLists.txt."""
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        match = re.search(r"project\(rin VERSION (\d+\.\d+\.\d+)", f.read())
    assert match, "CMakeLists.txt: no project(rin VERSION ...)"
    return match.group(1)


def git(*args):
    """git's output in the source tree, or None when git or the checkout is missing."""
    try:
        done = subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def expected_version():
    """What version.cmake should have named: the commit's date and hash
    when the source tree is a git checkout of its own."""
    toplevel = git("rev-parse", "--show-toplevel")
    if toplevel is None or os.path.realpath(toplevel) != os.path.realpath(ROOT):
        return release()
    date_hash = git("show", "-s", "--date=format:%Y%m%d", "--format=%cd-%h", "--abbrev=7", "HEAD")
    return f"{release()}-dev-{date_hash}"


def run_version_script(source_dir, out_dir):
    """version.cmake run on SOURCE_DIR; the version it wrote."""
    text = os.path.join(out_dir, "version.txt")
    header = os.path.join(out_dir, "version.h")
    subprocess.run([CMAKE, f"-DSOURCE_DIR={source_dir}", f"-DRELEASE={release()}",
                    f"-DTEMPLATE={os.path.join(ROOT, 'protocol', 'version.h.in')}",
                    f"-DOUTPUT={header}", f"-DOUTPUT_TEXT={text}",
                    "-P", os.path.join(ROOT, "protocol", "version.cmake")], check=True, timeout=60)
    with open(text, encoding="utf-8") as f:
        version = f.read().strip()
    with open(header, encoding="utf-8") as f:
        self_check = f'#define RIN_VERSION "{version}"' in f.read()
    assert self_check, "version.h and version.txt disagree"
    return version


class VersionTest(unittest.TestCase):
    def test_binary_names_the_release_and_the_commit(self):
        done = subprocess.run([RIN, "--version"], capture_output=True, text=True, timeout=30, check=True)
        self.assertRegex(done.stdout, rf"^Rin {VERSION_PATTERN}\n$")
        self.assertEqual(done.stdout, f"Rin {expected_version()}\n",
                         "rin --version does not name this checkout's commit (rebuild after committing)")

    def test_gtp_version_is_the_same(self):
        done = subprocess.run([RIN], input="version\nquit\n", capture_output=True, text=True, timeout=30,
                              check=True)
        plain = subprocess.run([RIN, "--version"], capture_output=True, text=True, timeout=30, check=True)
        self.assertEqual(done.stdout, f"= {plain.stdout.split()[1]}\n\n=\n\n")

    def test_without_git_the_release_alone(self):
        with tempfile.TemporaryDirectory() as source, tempfile.TemporaryDirectory() as out:
            self.assertEqual(run_version_script(source, out), release())

    def test_in_this_tree_the_expected_form(self):
        with tempfile.TemporaryDirectory() as out:
            version = run_version_script(ROOT, out)
        self.assertRegex(version, rf"^{VERSION_PATTERN}$")
        self.assertEqual(version, expected_version())


if __name__ == "__main__":
    unittest.main()
