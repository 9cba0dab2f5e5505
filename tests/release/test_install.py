"""`cmake --install` of this build tree into a staging folder (DESTDIR),
then what was installed, used from another folder as a user would: the
engine through a short GTP session, the manual page rendered by man, its
examples run as written with the installed tools first on the PATH, and
the tools rin-match, rin-review and rin-web, which must find their packages
and the installed engine without being told (cmake/install.cmake,
scripts/rinlib/paths.py)."""

import gzip
import http.client
import os
import re
import shlex
import shutil
import signal
import subprocess
import tempfile
import unittest

BUILD = os.environ.get("RIN_BUILD_DIR", "")
CMAKE = os.environ.get("CMAKE_COMMAND", "cmake")
PREFIX = "/opt/rin-test"  # not the default, to show that --prefix is followed

# a game to review: 5x5, three stones
GAME = "(;FF[4]GN[Rin]RU[Rin]SZ[5];B[cc];W[bb];W[dd])\n"


def setUpModule():
    global STAGE, ROOT_DIR, ELSEWHERE, INSTALL_OUTPUT
    if not BUILD:
        raise unittest.SkipTest("RIN_BUILD_DIR (the build tree to install) is not set")
    STAGE = tempfile.mkdtemp(prefix="rin-stage-")
    ELSEWHERE = tempfile.mkdtemp(prefix="rin-elsewhere-")
    done = subprocess.run([CMAKE, "--install", BUILD, "--prefix", PREFIX], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "DESTDIR": STAGE})
    if done.returncode != 0:
        raise RuntimeError(f"cmake --install failed:\n{done.stdout}{done.stderr}")
    INSTALL_OUTPUT = done.stdout
    ROOT_DIR = STAGE + PREFIX


def tearDownModule():
    shutil.rmtree(STAGE, ignore_errors=True)
    shutil.rmtree(ELSEWHERE, ignore_errors=True)


def installed(*parts):
    return os.path.join(ROOT_DIR, *parts)


def run(argv, **kwargs):
    """ARGV run from a folder that is neither the source nor the build tree."""
    return subprocess.run(argv, cwd=ELSEWHERE, capture_output=True, text=True, timeout=60, **kwargs)


class InstalledFilesTest(unittest.TestCase):
    def test_everything_is_under_the_prefix(self):
        for path in ("bin/rin", "bin/rin-match", "bin/rin-review", "bin/rin-web"):
            self.assertTrue(os.access(installed(path), os.X_OK), path)
        for path in ("share/man/man6/rin.6.gz", "share/doc/rin/README.md", "share/doc/rin/LICENSE",
                     "share/doc/rin/copyright", "share/doc/rin/changelog.gz",
                     "share/doc/rin/engine/RULES.md", "share/doc/rin/protocol/PROTOCOL.md",
                     "share/doc/rin/engine/STRENGTH.md", "share/doc/rin/engine/STRENGTH-LOG.md",
                     "share/doc/rin/engine/solve/SOLVE.md", "share/doc/rin/engine/solve/SOLVE-RESULTS.md",
                     "share/doc/rin/engine/learn/TRAINING-RESULTS.md",
                     "share/doc/rin/protocol/formats/FORMATS.md",
                     "share/doc/rin/scripts/README.md", "share/rin/python/rinlib/paths.py",
                     "share/rin/python/rinmatch/cli.py", "share/rin/python/rinweb/static/index.html"):
            self.assertTrue(os.path.isfile(installed(path)), path)
        self.assertNotIn("__pycache__", INSTALL_OUTPUT)

    def test_nothing_outside_the_prefix(self):
        self.assertEqual(os.listdir(STAGE), [PREFIX.strip("/").split("/")[0]])


class EngineTest(unittest.TestCase):
    def test_a_gtp_session(self):
        done = run([installed("bin", "rin"), "--nodes", "2000"],
                   input="boardsize 5\nplay b c3\ngenmove w\nversion\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        answers = done.stdout.split("\n\n")
        self.assertEqual(answers[:2], ["=", "="])
        self.assertRegex(answers[2], r"^= [A-E][1-5]$")
        self.assertNotEqual(answers[2], "= C3")
        version = run([installed("bin", "rin"), "--version"]).stdout
        self.assertRegex(version, r"^Rin \d+\.\d+\.\d+")
        self.assertEqual(answers[3], "= " + version.split()[1])
        self.assertEqual(answers[4:], ["=", ""])


class ManualTest(unittest.TestCase):
    def test_the_manual_page_renders_without_warnings(self):
        if shutil.which("man") is None:
            self.skipTest("man is not installed (Debian: man-db; scripts/install-deps installs it)")
        done = run(["man", "--warnings", "-l", installed("share", "man", "man6", "rin.6.gz")],
                   env={**os.environ, "LC_ALL": "C", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stderr, "", "man (groff) warned about the page")
        self.assertRegex(done.stdout, r"^RIN\(6\) +Games Manual +RIN\(6\)")
        for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "GTP COMMANDS", "FILES",
                        "EXAMPLES", "SEE ALSO"):
            self.assertRegex(done.stdout, rf"\n{heading}\n", heading)
        for word in ("--pattern-file FILE", "rin-analyze", "train-patterns", "protocol/PROTOCOL.md"):
            self.assertIn(word, done.stdout)


def manual_examples(path):
    """The commands of the manual page's EXAMPLES section (its .EX blocks),
    as a reader types them: the page's escapes turned into their characters,
    a line ending in a backslash joined to the next."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        page = handle.read()
    section = page.split("\n.SH EXAMPLES\n", 1)[1].split("\n.SH ", 1)[0]
    examples = []
    for block in re.findall(r"^\.EX\n(.*?)^\.EE$", section, re.MULTILINE | re.DOTALL):
        unknown = re.findall(r"\\(?!\(aq|-|e)(.)", block)
        if unknown:
            raise ValueError(f"an escape this test does not read in an example: {unknown}: {block}")
        text = block.replace("\\(aq", "'").replace("\\-", "-").replace("\\e", "\\")
        examples.append(" ".join(text.replace("\\\n", " ").split()))
    return examples


class ManualExamplesTest(unittest.TestCase):
    """Every example of `man rin` runs as written, from another folder with
    the installed programs first on the PATH; a long one is shortened (the
    match plays 2 games, not 20) and one that needs what a test has not (a
    GUI, a browser) is run as far as it can be: GoGui's program answers as
    GoGui's ruler asks, rin-web serves its page on a free port. An example
    that none of these reads fails, so that a new one gets a way to run."""

    def setUp(self):
        self.env = {**os.environ, "PATH": installed("bin") + os.pathsep + os.environ.get("PATH", "")}

    def shell(self, command, **kwargs):
        return subprocess.run(["sh", "-c", command], cwd=ELSEWHERE, capture_output=True, text=True,
                              env=self.env, **{"timeout": 120, **kwargs})

    def test_every_example_runs(self):
        examples = manual_examples(installed("share", "man", "man6", "rin.6.gz"))
        self.assertGreaterEqual(len(examples), 6)
        runners = [("rin play ", self.play), ("printf ", self.gtp_script), ("gogui ", self.gogui),
                   ("rin-web", self.web), ("rin-match ", self.match), ("rin bench", self.bench)]
        for example in examples:
            with self.subTest(example=example):
                runner = next((run for start, run in runners if example.startswith(start)), None)
                if runner is None:
                    self.fail(f"no way to run this example of rin.6: {example}")
                runner(example)

    def play(self, example):
        done = self.shell(example, input="e5\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"rin \(White\) plays [A-J]\d")

    def gtp_script(self, example):
        done = self.shell(example)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"^=\n\n=\n\n= [A-HJ-N]\d+\n\n=\n\n$")

    def gogui(self, example):
        words = shlex.split(example)
        program = words[words.index("-program") + 1]
        done = self.shell(program, input="gogui-rules_game_id\ngogui-rules_board_size\nplay b f6\ngenmove w\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"^= rin\n\n= 12\n\n=\n\n= [A-HJ-N]\d+\n\n=\n\n$")

    def web(self, example):
        process = subprocess.Popen(["sh", "-c", f"exec {example} --port 0"], cwd=ELSEWHERE, env=self.env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
            match = re.match(r"rin-web: open http://127\.0\.0\.1:(\d+)/ in a browser", line)
            self.assertIsNotNone(match, line or process.stderr.read())
            connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=30)
            connection.request("GET", "/")
            response = connection.getresponse()
            response.read()
            connection.close()
            self.assertEqual(response.status, 200)
            process.send_signal(signal.SIGTERM)
            self.assertEqual(process.wait(10), 0)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stdout.close()
            process.stderr.close()

    def match(self, example):
        shortened = example.replace("--games 20", "--games 2")
        self.assertNotEqual(shortened, example, "the match example no longer plays 20 games")
        done = self.shell(shortened, timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("\nEndings: normal 2\n", done.stdout)  # no game lost on time

    def bench(self, example):
        done = self.shell(example)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stdout, r"\nNodes searched: \d+\nNodes/second: \d+\n$")


class ToolsTest(unittest.TestCase):
    def test_rin_match_runs_from_anywhere(self):
        done = run([installed("bin", "rin-match"), "--help"])
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(done.stdout.startswith("usage: rin-match --engine CMD"), done.stdout[:200])

    def test_rin_review_finds_the_installed_engine(self):
        game = os.path.join(ELSEWHERE, "game.sgf")
        with open(game, "w", encoding="utf-8") as f:
            f.write(GAME)
        done = run([installed("bin", "rin-review"), "game.sgf", "--nodes", "200"])
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("annotated game:", done.stdout)
        with open(os.path.join(ELSEWHERE, "game-review.sgf"), encoding="utf-8") as f:
            self.assertIn("Reviewed by rin", f.read())
        self.assertFalse(os.path.exists(installed("share", "rin", "python", "rinlib", "__pycache__")),
                         "the installed tools wrote bytecode beside their packages")

    def test_rin_web_serves_the_page_with_the_installed_engine(self):
        help_text = run([installed("bin", "rin-web"), "--help"], env={**os.environ, "COLUMNS": "1000"}).stdout
        self.assertIn(f"(default: {installed('bin', 'rin')})", help_text)
        process = subprocess.Popen([installed("bin", "rin-web"), "--port", "0"], cwd=ELSEWHERE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
            match = re.match(r"rin-web: open http://127\.0\.0\.1:(\d+)/ in a browser", line)
            self.assertIsNotNone(match, line or process.stderr.read())
            for path in ("/", "/static/app.js"):
                connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=30)
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                connection.close()
                self.assertEqual(response.status, 200, path)
            process.send_signal(signal.SIGINT)
            self.assertEqual(process.wait(10), 0)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stdout.close()
            process.stderr.close()


if __name__ == "__main__":
    unittest.main()
