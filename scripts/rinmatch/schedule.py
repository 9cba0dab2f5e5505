"""The schedule of a match: which engines meet in which pair of games, with
which opening, and which pairs one shard of a match spread over several
machines plays.

Engines meet in encounters: the only one of a two-engine match, every
engine against every other (round robin) or the first engine against each
of the others (gauntlet). Pairs are numbered from 0 and go round the
encounters: pair p is encounter p % E on opening round p // E, so every
encounter plays the same openings. In game 0 of a pair the encounter's
first engine has Black; game numbers are 2 p and 2 p + 1.

Shard I of N plays the pairs p with p % N == I - 1: whole pairs, so that the
colour-swapped games of an opening stay together, and disjoint, so that the
results files of all shards hold every game of the match exactly once."""

import itertools

ROUND_ROBIN = "round-robin"
GAUNTLET = "gauntlet"


class Pair:
    """One pair of games: engines `first` and `second` (indices into the
    engine list) on opening round `round`."""

    def __init__(self, index, first, second, round_):
        self.index = index
        self.first = first
        self.second = second
        self.round = round_


def encounters(engine_count, tournament=ROUND_ROBIN):
    """The (first, second) engine index pairs that meet, in schedule order."""
    if engine_count == 2:
        return [(0, 1)]
    if tournament == GAUNTLET:
        return [(0, k) for k in range(1, engine_count)]
    return list(itertools.combinations(range(engine_count), 2))


def parse_shard(text):
    """(I, N) from 'I/N' with 1 <= I <= N; ValueError otherwise."""
    parts = text.split("/")
    try:
        if len(parts) != 2:
            raise ValueError
        index, count = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(f"--shard {text}: expected I/N, e.g. 2/8") from None
    if not 1 <= index <= count:
        raise ValueError(f"--shard {text}: need 1 <= I <= N")
    return index, count


class Schedule:
    """`pairs_per_encounter` pairs of every encounter (None: without end),
    restricted to one shard."""

    def __init__(self, engine_count, tournament=ROUND_ROBIN, pairs_per_encounter=None, shard=(1, 1)):
        self.encounters = encounters(engine_count, tournament)
        self.pairs_per_encounter = pairs_per_encounter
        self.shard = shard

    @property
    def total_pairs(self):
        """Pairs in the whole match (every shard), None without end."""
        if self.pairs_per_encounter is None:
            return None
        return self.pairs_per_encounter * len(self.encounters)

    def pair(self, index):
        first, second = self.encounters[index % len(self.encounters)]
        return Pair(index, first, second, index // len(self.encounters))

    def pair_indices(self):
        """The pairs this shard plays, in order."""
        shard_index, shard_count = self.shard
        total = self.total_pairs
        numbers = itertools.count(shard_index - 1, shard_count)
        if total is None:
            return numbers
        return iter(range(shard_index - 1, total, shard_count))

    def shard_games(self):
        """Games this shard plays in all (None without end)."""
        total = self.total_pairs
        if total is None:
            return None
        return 2 * len(range(self.shard[0] - 1, total, self.shard[1]))
