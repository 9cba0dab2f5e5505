"""Where the tools find the engine unless told: build/rin of the source tree
when they run from its scripts/ folder, PREFIX/bin/rin when `cmake
--install` put them in PREFIX (the packages in PREFIX/share/rin/python, the
tools in PREFIX/bin as rin-match, rin-review and rin-web), PREFIX/games/rin
when the Debian package did (/usr/games, where Debian puts games)."""

import os

# where the packages' folder is: scripts/ of the source tree, or this under a prefix
INSTALLED_PACKAGES = os.path.join("share", "rin", "python")

_PACKAGES = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def installed_prefix(packages: str = _PACKAGES) -> str | None:
    """The prefix the packages folder PACKAGES is installed under, or None
    for a source tree's scripts/."""
    parent, rest = packages, []
    for _ in INSTALLED_PACKAGES.split(os.sep):
        parent, name = os.path.split(parent)
        rest.append(name)
    if os.path.join(*reversed(rest)) == INSTALLED_PACKAGES:
        return parent
    return None


def default_engine(packages: str = _PACKAGES) -> str:
    """The rin the tools run when no engine is given."""
    prefix = installed_prefix(packages)
    if prefix is not None:
        engine = os.path.join(prefix, "bin", "rin")
        games = os.path.join(prefix, "games", "rin")
        return games if os.path.exists(games) and not os.path.exists(engine) else engine
    return os.path.join(os.path.dirname(packages), "build", "rin")


INSTALLED = installed_prefix() is not None
DEFAULT_ENGINE = default_engine()
