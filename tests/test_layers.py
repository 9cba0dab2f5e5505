"""The layers of the source tree, lowest first:

    engine/rules < engine/eval < engine/search < engine/solve < engine/players
    < engine/learn
    < protocol/formats < protocol/gtp < protocol/cli

A file may include headers of its own layer and of the layers below it,
never of one above: the engine knows nothing of GTP, the evaluation nothing
of the search. Includes name their folder ("search/tt.h"); a bare name that
is not in the file's own folder is refused too, so that no include slips
past the check. The test support (tests/support) is rules-level."""

import os
import re
import tempfile
import unittest

LAYERS = ["engine/rules", "engine/eval", "engine/search", "engine/solve", "engine/players",
          "engine/learn", "protocol/formats", "protocol/gtp", "protocol/cli"]
# generated into the build tree; the protocol layers may include them
GENERATED = {"version.h"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)


def header_layer(name):
    """The layer an include such as "search/tt.h" names, or None."""
    for rank, layer in enumerate(LAYERS):
        if name.startswith(layer.split("/")[1] + "/"):
            return rank
    return None


def violations(root):
    """Every include of a higher layer, or of a header no layer owns, under
    root's engine/ and protocol/: (file, include, why)."""
    found = []
    for rank, layer in enumerate(LAYERS):
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            found.append((layer, "", "the layer's folder is missing"))
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for header in INCLUDE.findall(text):
                target = header_layer(header)
                if target is None:
                    if not (header in GENERATED and layer.startswith("protocol/")):
                        found.append((f"{layer}/{name}", header, "names no layer's folder"))
                elif target > rank:
                    found.append((f"{layer}/{name}", header, f"{LAYERS[target]} is above {layer}"))
                elif not os.path.exists(os.path.join(root, LAYERS[target].split("/")[0], header)):
                    found.append((f"{layer}/{name}", header, "no such header"))
    for top in ("engine", "protocol"):
        for name in sorted(os.listdir(os.path.join(root, top))):
            if name.endswith((".c", ".h")):
                found.append((f"{top}/{name}", "", "a source outside every layer's folder"))
    return found


class LayersTest(unittest.TestCase):
    def test_the_tree_keeps_its_layers(self):
        self.assertEqual(violations(ROOT), [])

    def test_an_upward_include_is_found(self):
        with tempfile.TemporaryDirectory() as root:
            for layer in LAYERS:
                os.makedirs(os.path.join(root, layer))
            self.write(root, "engine/rules/position.h", "")
            self.write(root, "engine/search/tt.h", '#include "rules/position.h"\n')
            self.write(root, "protocol/gtp/gtp.h", '#include "search/tt.h"\n#include "version.h"\n')
            self.assertEqual(violations(root), [])
            self.write(root, "engine/eval/evaluate.h", '#include "search/tt.h"\n')
            self.write(root, "engine/rules/ring.c", '#  include "gtp/gtp.h"\n')
            self.write(root, "engine/rules/zobrist.c", '#include "tt.h"\n#include "version.h"\n')
            self.write(root, "engine/stray.c", "")
            self.assertEqual(violations(root), [
                ("engine/rules/ring.c", "gtp/gtp.h", "protocol/gtp is above engine/rules"),
                ("engine/rules/zobrist.c", "tt.h", "names no layer's folder"),
                ("engine/rules/zobrist.c", "version.h", "names no layer's folder"),
                ("engine/eval/evaluate.h", "search/tt.h", "engine/search is above engine/eval"),
                ("engine/stray.c", "", "a source outside every layer's folder"),
            ])

    @staticmethod
    def write(root, path, text):
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    unittest.main()
