"""Where the tools find the engine (scripts/rinlib/paths.py): build/rin of
the source tree beside scripts/, PREFIX/bin/rin once installed with the
packages in PREFIX/share/rin/python, or PREFIX/games/rin as the Debian
package installs it."""

import os
import sys
import tempfile
import unittest

SCRIPTS = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))
sys.path.insert(0, SCRIPTS)

from rinlib import paths  # noqa: E402


class PathsTest(unittest.TestCase):
    def test_from_the_source_tree(self):
        self.assertFalse(paths.INSTALLED)
        self.assertIsNone(paths.installed_prefix(SCRIPTS))
        self.assertEqual(paths.DEFAULT_ENGINE, os.path.join(os.path.dirname(SCRIPTS), "build", "rin"))

    def test_installed(self):
        self.assertEqual(paths.installed_prefix("/usr/share/rin/python"), "/usr")
        self.assertEqual(paths.default_engine("/usr/share/rin/python"), "/usr/bin/rin")
        self.assertEqual(paths.default_engine("/opt/x/share/rin/python"), "/opt/x/bin/rin")

    def test_installed_as_a_debian_game(self):
        with tempfile.TemporaryDirectory() as prefix:
            packages = os.path.join(prefix, "share", "rin", "python")
            games, bin_ = os.path.join(prefix, "games"), os.path.join(prefix, "bin")
            os.makedirs(games)
            os.makedirs(bin_)
            open(os.path.join(games, "rin"), "w").close()
            self.assertEqual(paths.default_engine(packages), os.path.join(games, "rin"))
            open(os.path.join(bin_, "rin"), "w").close()
            self.assertEqual(paths.default_engine(packages), os.path.join(bin_, "rin"))

    def test_only_that_folder_counts_as_installed(self):
        for packages in ("/usr/share/python", "/usr/share/rin/scripts", "/srv/rin/python", "/", "/python"):
            self.assertIsNone(paths.installed_prefix(packages), packages)


if __name__ == "__main__":
    unittest.main()
