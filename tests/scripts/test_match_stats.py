"""Unit tests of the match runner's statistics, clocks, opening generator and
SGF helpers (scripts/rinmatch), against values computed here independently
or published by other match tools."""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "scripts"))

from rinlib import sgf as rinlib_sgf  # noqa: E402
from rinmatch import clock, game, openings, report, sgf, standings, stats  # noqa: E402


def normal_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def elo(score):
    return 400.0 * math.log10(score / (1.0 - score))


def golden_section_max(function, low, high, iterations=200):
    """The argument maximising a unimodal function on [low, high]."""
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = low, high
    for _ in range(iterations):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if function(c) > function(d):
            b = d
        else:
            a = c
    return (a + b) / 2.0


def trinomial_llr_by_direct_maximisation(losses, draws, wins, elo0, elo1):
    """The GSPRT LLR from first principles: for each hypothesis the
    likelihood of the counts is maximised over all (pL, pD, pW) with
    expected score s; with pW = s - pD/2 and pL = 1 - s - pD/2 only pD is
    free, and the log-likelihood is concave in it."""

    def best_log_likelihood(s):
        def log_likelihood(p_draw):
            p_win, p_loss = s - p_draw / 2.0, 1.0 - s - p_draw / 2.0
            return losses * math.log(p_loss) + draws * math.log(p_draw) + wins * math.log(p_win)

        upper = 2.0 * min(s, 1.0 - s)
        return log_likelihood(golden_section_max(log_likelihood, 1e-12, upper - 1e-12))

    s0 = 1.0 / (1.0 + 10.0 ** (-elo0 / 400.0))
    s1 = 1.0 / (1.0 + 10.0 ** (-elo1 / 400.0))
    return best_log_likelihood(s1) - best_log_likelihood(s0)


class FinalResultTest(unittest.TestCase):
    def test_winner_with_the_margin(self):
        self.assertEqual(game.final_result_winner("B+4"), "black")
        self.assertEqual(game.final_result_winner("W+128"), "white")
        self.assertEqual(game.final_result_winner("draw"), "draw")

    def test_winner_alone_from_an_older_referee(self):
        # rin answered black or white alone before it gave the margin; a
        # match whose referee is such a build must still end its games
        self.assertEqual(game.final_result_winner("black"), "black")
        self.assertEqual(game.final_result_winner("white"), "white")

    def test_anything_else(self):
        for outcome in ("unknown", "B+", "B+x", "X+3", "", "W+-2"):
            self.assertIsNone(game.final_result_winner(outcome), outcome)


class EloTest(unittest.TestCase):
    def test_elo_from_score(self):
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.848501887865, places=9)
        self.assertAlmostEqual(stats.elo_from_score(0.5), 0.0)
        self.assertAlmostEqual(stats.elo_from_score(0.25), -190.848501887865, places=9)
        self.assertEqual(stats.elo_from_score(1.0), math.inf)
        self.assertEqual(stats.elo_from_score(0.0), -math.inf)

    def test_score_from_elo_inverts_elo_from_score(self):
        for score in (0.1, 0.3, 0.5, 0.64, 0.9):
            self.assertAlmostEqual(stats.score_from_elo(stats.elo_from_score(score)), score, places=12)

    def test_trinomial_interval(self):
        # W 60, D 20, L 20: score 0.7; per-game variance
        # (60*0.3^2 + 20*0.2^2 + 20*0.7^2)/100 = 0.16, standard error 0.04.
        estimate = stats.trinomial_elo(60, 20, 20)
        margin = 1.959963984540054 * 0.04
        self.assertAlmostEqual(estimate.elo, elo(0.7), places=9)
        self.assertAlmostEqual(estimate.low, elo(0.7 - margin), places=9)
        self.assertAlmostEqual(estimate.high, elo(0.7 + margin), places=9)
        self.assertAlmostEqual(estimate.low, 86.23, places=2)
        self.assertAlmostEqual(estimate.high, 218.25, places=2)

    def test_pentanomial_interval(self):
        # pairs [LL LD DD+WL WD WW] = [1 2 4 2 1]: symmetric, score 0.5;
        # pair-score variance (2*0.25 + 4*0.0625)/10 = 0.075.
        estimate = stats.pentanomial_elo([1, 2, 4, 2, 1])
        margin = 1.959963984540054 * math.sqrt(0.075 / 10)
        self.assertAlmostEqual(estimate.elo, 0.0, places=9)
        self.assertAlmostEqual(estimate.high, elo(0.5 + margin), places=9)
        self.assertAlmostEqual(estimate.low, -estimate.high, places=9)

    def test_no_games_no_estimate(self):
        self.assertIsNone(stats.trinomial_elo(0, 0, 0))
        self.assertIsNone(stats.pentanomial_elo([0, 0, 0, 0, 0]))


class LikelihoodOfSuperiorityTest(unittest.TestCase):
    def test_two_standard_deviations(self):
        # (W - L) / sqrt(W + L) = 20 / sqrt(100) = 2 standard deviations
        self.assertAlmostEqual(stats.likelihood_of_superiority(60, 40), normal_cdf(2.0), places=12)
        self.assertAlmostEqual(stats.likelihood_of_superiority(60, 40), 0.97725, places=5)

    def test_even_and_empty(self):
        self.assertAlmostEqual(stats.likelihood_of_superiority(7, 7), 0.5)
        self.assertAlmostEqual(stats.likelihood_of_superiority(0, 0), 0.5)
        self.assertLess(stats.likelihood_of_superiority(3, 9), 0.5)


class SprtTest(unittest.TestCase):
    def test_bounds(self):
        lower, upper = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, math.log(0.05 / 0.95))
        self.assertAlmostEqual(upper, math.log(0.95 / 0.05))
        self.assertAlmostEqual(upper, 2.944438979, places=8)

    def test_trinomial_llr_matches_direct_maximisation(self):
        for losses, draws, wins, elo0, elo1 in [(20, 30, 50, 0, 10), (40, 25, 35, 0, 10), (100, 120, 140, -5, 5)]:
            expected = trinomial_llr_by_direct_maximisation(losses, draws, wins, elo0, elo1)
            self.assertAlmostEqual(stats.sprt_llr([losses, draws, wins], elo0, elo1), expected, places=6)

    def test_llr_of_a_fixed_sequence_of_results(self):
        sequence = "WWLDWWDLWWWDLWDWWLWD"  # 11 W, 5 D, 4 L
        counts = [sequence.count("L"), sequence.count("D"), sequence.count("W")]
        expected = trinomial_llr_by_direct_maximisation(*counts, 0, 10)
        self.assertAlmostEqual(stats.sprt_llr(counts, 0, 10), expected, places=6)
        self.assertGreater(expected, 0)

    def test_published_values(self):
        # The LLRs that fastchess's tests (app/tests/sprt_test.cpp, model
        # "logistic") expect, to two decimals.
        self.assertAlmostEqual(stats.sprt_llr([21184, 40708, 21404], 0.5, 2.5), -1.57, delta=0.005)
        self.assertAlmostEqual(stats.sprt_llr([57030, 106593, 57433], 0, 2), -2.59, delta=0.005)
        self.assertAlmostEqual(stats.sprt_llr([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5), -3.07, delta=0.005)
        self.assertAlmostEqual(stats.sprt_llr([871, 26175, 55003 + 980, 26678, 821], 0, 2), -4.98, delta=0.005)

    def test_pentanomial_llr_close_to_brownian_approximation(self):
        # Van den Bergh's approximation N (s1 - s0)(2 mean - s0 - s1) / (2 var)
        # is close when the elo bounds are small.
        pairs = [30, 120, 300, 130, 40]
        scores = [0, 0.25, 0.5, 0.75, 1]
        total = sum(pairs)
        mean = sum(s * n for s, n in zip(scores, pairs)) / total
        var = sum(n * (s - mean) ** 2 for s, n in zip(scores, pairs)) / total
        s0, s1 = stats.score_from_elo(0), stats.score_from_elo(5)
        approximation = total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
        self.assertAlmostEqual(stats.sprt_llr(pairs, 0, 5), approximation, delta=0.02 * abs(approximation) + 0.01)

    def test_decision(self):
        sprt = stats.Sprt(0, 10, 0.05, 0.05)
        tally = stats.Tally()
        self.assertIsNone(sprt.decision(tally))
        tally.pairs = [0, 0, 0, 0, 200]
        self.assertEqual(sprt.decision(tally), "H1")
        tally.pairs = [200, 0, 0, 0, 0]
        self.assertEqual(sprt.decision(tally), "H0")


class TallyTest(unittest.TestCase):
    def test_games_and_pairs(self):
        tally = stats.Tally()
        for first, second in [(1, 0), (1, 1), (0.5, 0), (0.5, 0.5), (1, 0.5)]:
            tally.add_game(first)
            tally.add_game(second)
            tally.add_pair(first, second)
        self.assertEqual((tally.wins, tally.draws, tally.losses), (4, 4, 2))
        self.assertEqual(tally.pairs, [0, 1, 2, 1, 1])
        self.assertAlmostEqual(tally.score, 0.6)


def result_row(game, first_color, result, reason="normal"):
    """A results-file row of a game between engines "a" (first) and "b"."""
    winner = "draw" if result == "0" else {"B": "black", "W": "white"}[result[0]]
    a_points = 0.5 if winner == "draw" else float(winner == first_color)
    black, white = ("a", "b") if first_color == "black" else ("b", "a")
    final = result if reason == "normal" else None
    return {"game": game, "pair": (game + 1) // 2, "black": black, "white": white, "first_engine": "a",
            "first_engine_index": 0, "second_engine": "b", "second_engine_index": 1,
            "first_engine_color": first_color, "result": result, "winner": winner, "reason": reason,
            "first_engine_points": a_points, "final_score": final}


class MarginTest(unittest.TestCase):
    def test_margins_from_the_first_engines_view(self):
        rows = [result_row(1, "black", "B+10"), result_row(2, "white", "B+2"), result_row(3, "black", "0"),
                result_row(4, "white", "W+6"), result_row(5, "black", "W+Time", "time forfeit"),
                result_row(6, "white", "B+4"), result_row(7, "black", "B+2")]
        table = standings.Standings(["a", "b"], [(0, 1)])
        for row in rows:
            table.add(row)
        # game 5 ended on the clock: it has no margin
        self.assertEqual(table.tally.margins, [10, -2, 0, 6, -4, 2])
        line = next(line for line in table.summary() if line.startswith("Margins"))
        self.assertEqual(line, "Margins: median +1, mean +2.0 stones (6 full boards); "
                               "won by 2 or fewer: 1 of 3, lost by 2 or fewer: 1 of 2")

    def test_close_games_converted(self):
        """Of the games decided by 6 stones or fewer (draws are not), how
        many the first engine won: what playing for the win should raise."""
        self.assertEqual(report.close_line([10, -2, 0, 6, -4, 2, -7, 6.5]),
                         "Close games (decided by 6 stones or fewer): won 2, lost 2 (50.0 % converted)")
        self.assertIsNone(report.close_line([0, 12, -30]))
        table = standings.Standings(["a", "b"], [(0, 1)])
        table.add(result_row(1, "black", "W+3"))
        self.assertIn("Close games (decided by 6 stones or fewer): won 0, lost 1 (0.0 % converted)",
                      table.summary())

    def test_a_draw_as_white_is_no_negative_zero(self):
        table = standings.Standings(["a", "b"], [(0, 1)])
        table.add(result_row(1, "white", "0"))
        self.assertTrue(next(line for line in table.summary() if line.startswith("Margins")).startswith(
            "Margins: median +0, mean +0.0 stones"))

    def test_odd_count_median_and_komi(self):
        self.assertTrue(report.margin_line([-3, 7, -1.5]).startswith("Margins: median -1.5, mean +0.8 stones (3 "))

    def test_no_line_without_a_full_board(self):
        table = standings.Standings(["a", "b"], [(0, 1)])
        table.add(result_row(1, "black", "B+Forfeit", "illegal move"))
        self.assertFalse(any(line.startswith("Margins") for line in table.summary()))


class ClockTest(unittest.TestCase):
    def test_parse(self):
        control = clock.parse_tc("10+0.1")
        self.assertIsInstance(control, clock.Increment)
        self.assertEqual(control.settings_command(), "time_settings 10 0 0")
        self.assertEqual(clock.parse_tc("60").increment_s, 0)
        byo = clock.parse_tc("60:30/10")
        self.assertEqual(byo.settings_command(), "time_settings 60 30 10")
        for bad in ("", "abc", "0.5+1", "10+", "60:0/10", "60:30/0", "-5"):
            with self.assertRaises(ValueError, msg=bad):
                clock.parse_tc(bad)

    def test_increment_clock(self):
        c = clock.parse_tc("2.5+0.5").new_clock()
        self.assertEqual(c.time_left_command("black"), "time_left black 2 0")
        self.assertTrue(c.spend(1.0, 0.1))  # 1.5 left, + 0.5
        self.assertEqual(c.time_left_command("black"), "time_left black 2 0")
        self.assertAlmostEqual(c.allowed_s(0.1), 2.1)
        self.assertTrue(c.spend(2.05, 0.1))  # within the margin
        self.assertFalse(c.spend(0.7, 0.1))  # 0.5 left, 0.2 over

    def test_byoyomi_clock(self):
        c = clock.parse_tc("1:2/2").new_clock()
        self.assertEqual(c.time_left_command("white"), "time_left white 1 0")
        self.assertTrue(c.spend(1.5, 0.0))  # 0.5 s into the first period, 1 stone left
        self.assertEqual(c.time_left_command("white"), "time_left white 1 1")
        self.assertTrue(c.spend(1.4, 0.0))  # period done: a new one
        self.assertEqual(c.time_left_command("white"), "time_left white 2 2")
        self.assertFalse(c.spend(2.2, 0.1))

    def test_movetime(self):
        # told as Canadian byo-yomi of one stone, in seconds to the millisecond
        self.assertEqual(clock.MoveTime(0.2).settings_command(), "time_settings 0 0.2 1")
        self.assertEqual(clock.MoveTime(2.0).settings_command(), "time_settings 0 2 1")
        self.assertEqual(clock.MoveTime(0.0505).settings_command(), "time_settings 0 0.051 1")
        c = clock.MoveTime(0.2).new_clock()
        self.assertEqual(c.time_left_command("black"), "time_left black 0.2 1")
        self.assertTrue(c.spend(0.25, 0.1))
        self.assertFalse(c.spend(0.31, 0.1))


class OpeningGeneratorTest(unittest.TestCase):
    def test_splitmix64_reference_values(self):
        # The first outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        rng = openings.SplitMix64(0)
        self.assertEqual(rng.next(), 0xE220A8397B1DCDAF)
        self.assertEqual(rng.next(), 0x6E789E6AA1B965F4)
        self.assertEqual(rng.next(), 0x06C45D188009454F)

    def test_below_stays_in_range_and_streams_differ(self):
        rng = openings.opening_stream(5, 0)
        self.assertTrue(all(0 <= rng.below(7) < 7 for _ in range(1000)))
        first = [openings.opening_stream(5, 0).next() for _ in range(2)]
        self.assertEqual(first[0], first[1])
        self.assertNotEqual(openings.opening_stream(5, 0).next(), openings.opening_stream(5, 1).next())


class MachineLoadTest(unittest.TestCase):
    def test_busy_warning_only_with_a_clock_on_a_busy_machine(self):
        self.assertIsNone(report.busy_warning(3.5, 2, timed=False))
        self.assertIsNone(report.busy_warning(0.4, 2, timed=True))
        self.assertIsNone(report.busy_warning(None, 2, timed=True))
        warning = report.busy_warning(2.25, 2, timed=True)
        self.assertIn("load average 2.25 on 2 processors", warning)

    def test_load_line(self):
        self.assertIsNone(report.load_line([], 2))
        self.assertIsNone(report.load_line([None, None], 2))
        self.assertEqual(report.load_line([0.5, None, 3.0, 1.0], 2),
                         "Machine load at the games' ends: median 1.00, max 3.00 (1-minute load average, 2 processors)")
        self.assertIn("median 2.00, max 3.00", report.load_line([1.0, 3.0], 4))

    def test_standings_collect_the_loads_of_old_and_new_rows(self):
        table = standings.Standings(["a", "b"], [(0, 1)], None)
        row = {"first_engine_index": 0, "second_engine_index": 1, "first_engine_points": 1.0, "pair": 1,
               "reason": "normal", "winner": "black", "black": "a", "white": "b", "result": "B+2",
               "first_engine_color": "black"}
        table.add(row)  # a row written before the load was recorded
        table.add(dict(row, load=1.5, first_engine_points=0.0, winner="white", result="W+4"))
        self.assertIn("Machine load at the games' ends: median 1.50, max 1.50", "\n".join(table.summary()))


class SgfHelpersTest(unittest.TestCase):
    def test_points(self):
        self.assertEqual(rinlib_sgf.to_point("A16", 16), "aa")
        self.assertEqual(rinlib_sgf.to_point("Q1", 16), "pp")
        self.assertEqual(rinlib_sgf.to_point("H8", 8), "ha")
        self.assertEqual(rinlib_sgf.to_point("J9", 9), "ia")  # no I: J is the 9th column
        self.assertEqual(rinlib_sgf.to_point("a1", 6), "af")

    def test_position_setup(self):
        size, black, white, to_move = sgf.position_setup("x5/6/6/6/6/1o2o1 w 2")
        self.assertEqual((size, black, white, to_move), (6, ["aa"], ["bf", "ef"], "W"))

    def test_escape(self):
        self.assertEqual(rinlib_sgf.escape("a]b\\c"), "a\\]b\\\\c")


if __name__ == "__main__":
    unittest.main()
