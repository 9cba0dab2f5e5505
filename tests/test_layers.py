"""The layers of the source tree, lowest first:

    engine/base < engine/rules < engine/eval < engine/search < engine/solve
    < engine/players < engine/learn
    < protocol/formats < protocol/gtp < protocol/cli

A file may include headers of its own layer and of the layers below it,
never of one above: the engine knows nothing of GTP, the evaluation nothing
of the search. Includes name their folder ("search/tt.h"); a bare name that
is not in the file's own folder is refused too, so that no include slips
past the check. engine/base holds what is not the game: the clock, random
numbers, byte order. The test support (tests/support) is rules-level.

Inside a layer the modules (a .c and its .h are one module, named by the
path without the extension) form no include cycle: if a includes b's
header, nothing that b includes leads back to a, so each module can be read
knowing only those below it."""

import os
import re
import tempfile
import unittest

LAYERS = ["engine/base", "engine/rules", "engine/eval", "engine/search", "engine/solve", "engine/players",
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
    for cycle in include_cycles(root):
        found.append((cycle[0], cycle[1], "an include cycle: " + " -> ".join(cycle)))
    return found


def module_includes(root):
    """The modules of engine/ and protocol/ ("protocol/gtp/gtp" for gtp.c
    and gtp.h), each with the set of other modules whose headers it
    includes."""
    graph = {}
    for layer in LAYERS:
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".c", ".h")):
                continue
            module = f"{layer}/{name[:-2]}"
            targets = graph.setdefault(module, set())
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            for header in INCLUDE.findall(text):
                target = header_layer(header)
                if target is not None:
                    included = f"{LAYERS[target].split('/')[0]}/{header[:-2]}"
                elif "/" not in header and header not in GENERATED:
                    included = f"{layer}/{header[:-2]}"
                else:
                    continue
                if included != module:
                    targets.add(included)
    return graph


def include_cycles(root):
    """One cycle through each group of modules that include each other, as
    the list of its modules from the group's first name back to it."""
    graph = module_includes(root)

    def reach(start):
        seen, todo = {start}, [start]
        while todo:
            for target in sorted(graph.get(todo.pop(), ())):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    reachable = {module: reach(module) for module in graph}
    cycles, done = [], set()
    for module in sorted(graph):
        if module in done:
            continue
        group = {other for other in reachable[module] if module in reachable.get(other, ())}
        done |= group
        if len(group) < 2:
            continue
        # the shortest way round, breadth first from the group's first name
        back = {module: None}
        queue, end = [module], None
        while end is None:
            current = queue.pop(0)
            for target in sorted(graph[current]):
                if target == module:
                    end = current
                    break
                if target in group and target not in back:
                    back[target] = current
                    queue.append(target)
        path = [module]
        while end != module:
            path.insert(1, end)
            end = back[end]
        cycles.append(path + [module])
    return cycles


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

    def test_an_include_cycle_is_found(self):
        with tempfile.TemporaryDirectory() as root:
            for layer in LAYERS:
                os.makedirs(os.path.join(root, layer))
            self.write(root, "engine/rules/position.h", "")
            self.write(root, "engine/rules/position.c", '#include "rules/position.h"\n')
            self.write(root, "protocol/gtp/gtp.h", '#include "rules/position.h"\n')
            self.write(root, "protocol/gtp/table.h", '#include "rules/position.h"\n')
            self.write(root, "protocol/gtp/table.c", '#include "gtp/table.h"\n#include "gtp/gtp.h"\n')
            self.write(root, "protocol/gtp/gtp.c", '#include "gtp/gtp.h"\n')
            self.assertEqual(violations(root), [])
            # a cycle through three modules, and one of two (a .c and the
            # header it includes are of two modules when their names differ)
            self.write(root, "protocol/gtp/gtp.h", '#include "gtp/words.h"\n')
            self.write(root, "protocol/gtp/words.h", '#include "gtp/table.h"\n')
            self.write(root, "engine/rules/ring.h", '#include "rules/score.h"\n')
            self.write(root, "engine/rules/score.c", '#include "ring.h"\n')
            self.write(root, "engine/rules/score.h", "")
            self.assertEqual(violations(root), [
                ("engine/rules/score.c", "ring.h", "names no layer's folder"),
                ("engine/rules/ring", "engine/rules/score", "an include cycle: "
                 "engine/rules/ring -> engine/rules/score -> engine/rules/ring"),
                ("protocol/gtp/gtp", "protocol/gtp/words", "an include cycle: "
                 "protocol/gtp/gtp -> protocol/gtp/words -> protocol/gtp/table -> protocol/gtp/gtp"),
            ])

    @staticmethod
    def write(root, path, text):
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    unittest.main()
