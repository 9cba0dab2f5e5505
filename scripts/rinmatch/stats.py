"""Match statistics from the first engine's point of view: score, logistic
Elo with a 95% interval (from the trinomial W/D/L counts or from the
pentanomial counts of colour-swapped pairs), likelihood of superiority, and
the SPRT on the generalised log-likelihood ratio (GSPRT) for logistic Elo.

The SPRT follows fishtest's `LLR_logistic` (server/fishtest/stats/LLRcalc.py,
also fastchess's "logistic" model): the LLR is N times the mean log ratio of
the maximum-likelihood outcome distributions whose expected score is
L(elo1) and L(elo0), each found by solving the secular equation of
M. Van den Bergh, "Comments on normalized Elo" / "support_MLE_multinomial"
(Proposition 1.1). Zero counts are replaced by 1e-3 as fishtest does."""

import math

Z_95 = 1.959963984540054  # two-sided 95% quantile of the normal distribution
_REGULARIZER = 1e-3

# Pentanomial outcomes of a pair, by the first engine's points in it:
# 0 (LL), 0.5 (LD), 1 (DD or WL), 1.5 (WD), 2 (WW).
PAIR_LABELS = ("LL", "LD", "DD+WL", "WD", "WW")


def score_from_elo(elo):
    """The expected score of a player `elo` logistic Elo stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(score):
    """Logistic Elo difference for a score in [0, 1]; +-inf at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


class EloEstimate:
    """Elo with a 95% confidence interval [low, high]."""

    def __init__(self, elo, low, high):
        self.elo = elo
        self.low = low
        self.high = high

    @property
    def half_width(self):
        """(high - low) / 2, the '+/-' that cutechess and fastchess print."""
        return (self.high - self.low) / 2.0


def _estimate(scores, counts):
    """Elo and its interval from outcome counts, outcome i scoring
    scores[i] (a fraction of the maximum); None without outcomes."""
    total = sum(counts)
    if total == 0:
        return None
    mean = sum(s * c for s, c in zip(scores, counts)) / total
    variance = sum(c * (s - mean) ** 2 for s, c in zip(scores, counts)) / total
    margin = Z_95 * math.sqrt(variance / total)
    return EloEstimate(elo_from_score(mean), elo_from_score(mean - margin), elo_from_score(mean + margin))


def trinomial_elo(wins, draws, losses):
    """Elo and 95% interval treating games as independent."""
    return _estimate((0.0, 0.5, 1.0), (losses, draws, wins))


def pentanomial_elo(pairs):
    """Elo and 95% interval from pair counts [LL, LD, DD+WL, WD, WW]; the
    variance of pair results takes the pairing into account."""
    return _estimate((0.0, 0.25, 0.5, 0.75, 1.0), pairs)


def likelihood_of_superiority(wins, losses):
    """LOS: the probability that the first engine is the stronger, from wins
    and losses (draws carry no information), as cutechess computes it."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def sprt_bounds(alpha, beta):
    """(lower, upper) LLR bounds: below lower accept H0, above upper H1."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_llr(counts, elo0, elo1):
    """The GSPRT log-likelihood ratio of H1 (elo = elo1) against H0 (elo =
    elo0) for outcome counts with evenly spaced scores from 0 to 1: [L, D, W]
    for games or [LL, LD, DD+WL, WD, WW] for pairs."""
    if sum(counts) == 0:
        return 0.0
    regularized = [c if c > 0 else _REGULARIZER for c in counts]
    total = sum(regularized)
    observed = [c / total for c in regularized]
    scores = [i / (len(counts) - 1) for i in range(len(counts))]
    mle0 = _mle_with_expectation(scores, observed, score_from_elo(elo0))
    mle1 = _mle_with_expectation(scores, observed, score_from_elo(elo1))
    return total * sum(p * (math.log(q1) - math.log(q0)) for p, q0, q1 in zip(observed, mle0, mle1))


def _mle_with_expectation(scores, observed, expected):
    """The distribution over `scores` with mean `expected` that makes the
    observed frequencies most likely: p_i = observed_i / (1 + x (a_i - s))
    where x solves sum_i observed_i (a_i - s) / (1 + x (a_i - s)) = 0."""
    offsets = [a - expected for a in scores]

    def secular(x):
        return sum(p * d / (1.0 + x * d) for p, d in zip(observed, offsets))

    # 1 + x d > 0 for every offset d bounds x; secular() decreases in x.
    low, high = -1.0 / max(offsets), -1.0 / min(offsets)
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if secular(middle) > 0.0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2.0
    return [p / (1.0 + x * d) for p, d in zip(observed, offsets)]


class Tally:
    """Results so far, from the first engine's point of view."""

    def __init__(self):
        self.wins = 0
        self.draws = 0
        self.losses = 0
        self.pairs = [0, 0, 0, 0, 0]  # indexed by the engine's points in the pair * 2
        self.margins = []  # final stone margins of the games that filled the board

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def score(self):
        return (self.wins + 0.5 * self.draws) / self.games if self.games else math.nan

    def add_game(self, points):
        """points: 1, 0.5 or 0 for the first engine."""
        if points == 1:
            self.wins += 1
        elif points == 0:
            self.losses += 1
        else:
            self.draws += 1

    def add_margin(self, margin):
        """margin: the final stones of the first engine minus the other's."""
        self.margins.append(margin)

    def add_pair(self, points_first, points_second):
        self.pairs[int(round(2 * (points_first + points_second)))] += 1

    def trinomial_elo(self):
        return trinomial_elo(self.wins, self.draws, self.losses)

    def pentanomial_elo(self):
        return pentanomial_elo(self.pairs)

    def los(self):
        return likelihood_of_superiority(self.wins, self.losses)


class Sprt:
    """A running SPRT on the pentanomial pair counts."""

    def __init__(self, elo0, elo1, alpha, beta):
        self.elo0, self.elo1 = elo0, elo1
        self.alpha, self.beta = alpha, beta
        self.lower, self.upper = sprt_bounds(alpha, beta)

    def llr(self, tally):
        return sprt_llr(tally.pairs, self.elo0, self.elo1)

    def decision(self, tally):
        """'H1' (elo >= elo1 accepted), 'H0' (elo <= elo0 accepted) or None."""
        llr = self.llr(tally)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None
