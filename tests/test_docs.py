"""The links of the documentation: every relative Markdown link in every
*.md file of the repository (build trees, node_modules and .git left out)
leads somewhere. `[text](path)` needs the file or folder, `[text](path#anchor)`
and `[text](#anchor)` also the anchor, when the target is Markdown: a
heading under GitHub's rules (lowercase, spaces to '-', punctuation other
than '-' and '_' dropped, a repeated heading gets -1, -2, ...) or an HTML
`id`/`name`. Links to http(s) and mailto addresses, and anything inside
fenced code blocks or code spans, are not links to check."""

import os
import re
import tempfile
import unittest
from urllib.parse import unquote

README_MAX_LINES = 300
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

FENCE = re.compile(r"^ *(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)
# [text](destination "title") and ![alt](destination); the text may hold
# balanced brackets and run over lines
INLINE_LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                         r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*(<[^>\n]*>|\S+)", re.M)
HTML_ANCHOR = re.compile(r"<[a-zA-Z][^>]*?\s(?:id|name)\s*=\s*[\"']([^\"']+)[\"']")
EXTERNAL = re.compile(r"^(?:https?:|mailto:)", re.I)


def is_skipped_dir(root, folder, name):
    """Build trees (top-level build*), node_modules and .git."""
    if name in (".git", "node_modules"):
        return True
    return os.path.normpath(folder) == os.path.normpath(root) and name.startswith("build")


def markdown_files(root):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not is_skipped_dir(root, folder, d))
        found.extend(os.path.join(folder, f) for f in sorted(files) if f.endswith(".md"))
    return found


def prose(text):
    """The text with fenced code blocks and code spans blanked out, line
    breaks and offsets kept, so that what is left is what renders as
    Markdown."""
    lines = text.split("\n")
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)
                lines[i] = ""
        else:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and line.strip() == m.group(1):
                fence = None
            lines[i] = ""
    text = "\n".join(lines)
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)


def heading_text(markdown):
    """A heading's text as GitHub renders it: code spans keep their content,
    links their text, HTML tags go."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("`", "")


def slug(heading):
    """GitHub's anchor of a heading: lowercase, every character that is not
    a letter, digit, '_', '-' or space dropped, each space a '-'."""
    return re.sub(r"[^\w\- ]", "", heading_text(heading).strip().lower()).replace(" ", "-")


def anchors(text):
    """Every anchor of a Markdown text: its headings' slugs, numbered as
    GitHub numbers repeated ones, and the ids and names of HTML tags."""
    found = set()
    seen = {}
    lines = text.split("\n")
    fence = None
    previous = ""
    for line in lines:
        m = FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and line.strip() == m.group(1):
                fence = None
            previous = ""
            continue
        if m:
            fence = m.group(1)
            previous = ""
            continue
        heading = None
        atx = ATX.match(line)
        if atx:
            heading = atx.group(2) or ""
        elif SETEXT.match(line) and previous.strip() and not previous.lstrip().startswith(("|", "-", "*", ">")) \
                and not ATX.match(previous):
            heading = previous.strip()
        if heading is not None:
            base = slug(heading)
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(HTML_ANCHOR.findall(line))
        previous = line
    return found


def links(text):
    """(line number, destination) of every link in a Markdown text."""
    body = prose(text)
    found = []
    for pattern, group in ((INLINE_LINK, 2), (REFERENCE_DEFINITION, 1)):
        for m in pattern.finditer(body):
            destination = m.group(group)
            if destination.startswith("<") and destination.endswith(">"):
                destination = destination[1:-1]
            found.append((m.start(group), body.count("\n", 0, m.start(group)) + 1, destination))
    return [(line, destination) for _, line, destination in sorted(found)]


def broken_links(root):
    """Every link under root that leads nowhere: (file relative to root,
    line, destination, why), in file and line order."""
    root = os.path.normpath(root)
    anchor_cache = {}

    def anchors_of(path):
        if path not in anchor_cache:
            with open(path, encoding="utf-8") as f:
                anchor_cache[path] = anchors(f.read())
        return anchor_cache[path]

    problems = []
    for path in markdown_files(root):
        name = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line, destination in links(text):
            if EXTERNAL.match(destination):
                continue
            target, _, anchor = destination.partition("#")
            target = unquote(target)
            if not target:
                resolved = path
            elif target.startswith("/"):
                resolved = os.path.normpath(os.path.join(root, target.lstrip("/")))
            else:
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), target))
            if not destination:
                problems.append((name, line, destination, "empty link"))
            elif os.path.commonpath([root, resolved]) != root:
                problems.append((name, line, destination, "outside the repository"))
            elif not os.path.exists(resolved):
                problems.append((name, line, destination, "no such file or folder"))
            elif anchor and resolved.endswith(".md") and os.path.isfile(resolved) \
                    and unquote(anchor) not in anchors_of(resolved):
                problems.append((name, line, destination,
                                 f"no heading or anchor '{anchor}' in {os.path.relpath(resolved, root)}"))
    return problems


def report(problems):
    return "\n".join(f"{name}:{line}: ({destination}) {why}" for name, line, destination, why in problems)


class RepositoryTest(unittest.TestCase):
    def test_every_link_leads_somewhere(self):
        files = markdown_files(ROOT)
        self.assertIn(os.path.join(ROOT, "README.md"), files)
        problems = broken_links(ROOT)
        self.assertEqual(problems, [], "broken links:\n" + report(problems))

    def test_the_readme_is_short(self):
        """The README is the front door, short enough to read to the end;
        the long texts live beside what they describe."""
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            lines = f.read().count("\n")
        self.assertLessEqual(lines, README_MAX_LINES)


class CheckerTest(unittest.TestCase):
    """The checker itself, on a planted tree: it must find what is broken
    and nothing else."""

    def write(self, root, name, text):
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    def test_slugs(self):
        self.assertEqual(slug("Quick start (Debian/Ubuntu)"), "quick-start-debianubuntu")
        self.assertEqual(slug("Format `rin-selfplay`, version 1"), "format-rin-selfplay-version-1")
        self.assertEqual(slug("GoGui's rules commands"), "goguis-rules-commands")
        self.assertEqual(slug("Many engines, many machines"), "many-engines-many-machines")
        self.assertEqual(slug("A 16×16 board: the [rules](RULES.md)"), "a-1616-board-the-rules")
        self.assertEqual(slug("gogui-rules_board and  two spaces"), "gogui-rules_board-and--two-spaces")
        self.assertEqual(anchors("# A\n## A\n### A\n```\n# A\n```\nB\n---\n<a id=\"here\"></a>\n"),
                         {"a", "a-1", "a-2", "b", "here"})

    def test_planted_links(self):
        with tempfile.TemporaryDirectory() as root:
            self.write(root, "README.md", """# Top

## Same
## Same

Good: [doc](docs/GUIDE.md), [section](docs/GUIDE.md#second-part), [here](#top),
[the second Same](#same-1), [folder](docs/), [code](src/main.c), ![image](docs/a.png),
[absolute](/docs/GUIDE.md#first), [web](https://example.org/x#y), [mail](mailto:rin@example.org),
[a link that runs
over two lines](docs/GUIDE.md#first), [title](docs/GUIDE.md "the guide").

Broken: [missing file](docs/MISSING.md), [missing anchor](docs/GUIDE.md#third-part),
[missing here](#nowhere), [third Same](#same-2), [missing folder](nothing/),
[spread
over lines](docs/GUIDE.md#gone), [outside](../elsewhere.md).

```sh
[in a fence](not/checked.md)
```

  ~~~
  [in an indented fence](not/checked/either.md)
  ~~~

`[in a code span](not/checked.md)`

[reference]: docs/ALSO_MISSING.md
""")
            self.write(root, "docs/GUIDE.md", "# First\n\n## Second part\n\n[back](../README.md#same)\n"
                                              "[wrong way back](../README.md#other)\n")
            self.write(root, "docs/a.png", "")
            self.write(root, "src/main.c", "")
            self.write(root, "build/NOTES.md", "[ignored](missing.md)\n")
            self.write(root, "web/node_modules/pkg/README.md", "[ignored](missing.md)\n")
            problems = [(name, line, destination) for name, line, destination, _ in broken_links(root)]
            self.assertEqual(problems, [
                ("README.md", 12, "docs/MISSING.md"),
                ("README.md", 12, "docs/GUIDE.md#third-part"),
                ("README.md", 13, "#nowhere"),
                ("README.md", 13, "#same-2"),
                ("README.md", 13, "nothing/"),
                ("README.md", 15, "docs/GUIDE.md#gone"),
                ("README.md", 15, "../elsewhere.md"),
                ("README.md", 27, "docs/ALSO_MISSING.md"),
                (os.path.join("docs", "GUIDE.md"), 6, "../README.md#other"),
            ])


if __name__ == "__main__":
    unittest.main()
