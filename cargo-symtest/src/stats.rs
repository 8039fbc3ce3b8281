//! Statistics for `cargo symtest experiment`: the paired Wilcoxon signed-rank test, the
//! standard normal CDF it needs, and the Vargha–Delaney A12 effect size.
//!
//! The experiment repeats the study of §V of *Symbolic Search-Based Testing* (Baars et al.,
//! ASE 2011): each search configuration covers each branch over N runs with the same fixed
//! seeds, so the fitness-evaluation counts of two configurations form pairs, compared with a
//! one-sided paired Wilcoxon signed-rank test with continuity correction, as the paper did in R.
//! A12 says how large a difference is, which a p-value does not. Everything is implemented
//! here with `std` only, so the CLI carries no statistics dependency.

use std::f64::consts::{FRAC_2_SQRT_PI, SQRT_2};

/// Result of [`wilcoxon_signed_rank`], with the fields R's `wilcox.test` reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wilcoxon {
    /// V: the sum of the ranks of the positive differences `x − y` (R's `statistic`).
    pub statistic: f64,
    /// The continuity-corrected standard normal deviate the p-value is read from.
    pub z: f64,
    /// The p-value of the normal approximation for the requested [`Alternative`].
    pub p_value: f64,
    /// The number of non-zero differences the test used (the `n` of the formulas).
    pub pairs: usize,
}

/// The alternative hypothesis about the paired samples `x` and `y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// The complete set of alternatives, as R offers them; the experiment uses two.
#[allow(dead_code)]
pub enum Alternative {
    /// `x` tends to be smaller than `y` (e.g. a configuration needs fewer evaluations).
    Less,
    /// `x` tends to be larger than `y`.
    Greater,
    /// `x` and `y` differ in either direction.
    TwoSided,
}

impl Alternative {
    /// The continuity correction subtracted from `V − mean`: half a unit toward the mean,
    /// in the direction of the tail being tested.
    fn continuity_correction(self, deviation: f64) -> f64 {
        match self {
            Alternative::Less => -0.5,
            Alternative::Greater => 0.5,
            Alternative::TwoSided if deviation > 0.0 => 0.5,
            Alternative::TwoSided if deviation < 0.0 => -0.5,
            Alternative::TwoSided => 0.0,
        }
    }

    /// The tail probability of `z`; the upper tail is taken as `Φ(−z)` rather than
    /// `1 − Φ(z)` so that small p-values keep their relative precision.
    fn p_value(self, z: f64) -> f64 {
        match self {
            Alternative::Less => normal_cdf(z),
            Alternative::Greater => normal_cdf(-z),
            Alternative::TwoSided => 2.0 * normal_cdf(z).min(normal_cdf(-z)),
        }
    }
}

/// Paired Wilcoxon signed-rank test of `x` against `y`, computed exactly as R's
/// `wilcox.test(x, y, paired = TRUE, alternative = …, exact = FALSE, correct = TRUE)`.
///
/// With `d = x − y`, zero differences are dropped, leaving `n` pairs; `|d|` is ranked with
/// average ranks for ties, and `V` is the sum of the ranks of the positive `d`. Under the null
/// hypothesis `V` has mean `n(n+1)/4` and variance `n(n+1)(2n+1)/24 − Σ(t³ − t)/48`, the sum
/// running over groups of `t` tied `|d|`. The deviate is `z = (V − mean − c)/sd`, where the
/// continuity correction `c` is `−0.5` for [`Alternative::Less`], `+0.5` for
/// [`Alternative::Greater`] and `sign(V − mean)·0.5` for [`Alternative::TwoSided`]. The
/// p-value is `Φ(z)`, `1 − Φ(z)` or `2·min(Φ(z), 1 − Φ(z))` respectively.
///
/// Ties and zeros are detected with exact floating-point equality, as R does by default;
/// fitness-evaluation counts are integers, so this is exact for the experiment.
///
/// Returns `None` when `x` and `y` differ in length, are empty, have only zero differences,
/// or have a difference that is NaN (which has no rank; R would drop that pair instead).
pub fn wilcoxon_signed_rank(x: &[f64], y: &[f64], alternative: Alternative) -> Option<Wilcoxon> {
    let differences = nonzero_differences(x, y)?;
    let magnitudes: Vec<f64> = differences.iter().map(|d| d.abs()).collect();
    let ranking = average_ranks(&magnitudes);
    let statistic: f64 = differences
        .iter()
        .zip(&ranking.ranks)
        .filter(|(difference, _)| **difference > 0.0)
        .map(|(_, rank)| rank)
        .sum();
    let n = differences.len() as f64;
    let mean = n * (n + 1.0) / 4.0;
    let variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - ranking.tie_term / 48.0;
    let deviation = statistic - mean;
    let z = (deviation - alternative.continuity_correction(deviation)) / variance.sqrt();
    Some(Wilcoxon {
        statistic,
        z,
        p_value: alternative.p_value(z),
        pairs: differences.len(),
    })
}

/// The differences `x − y` without the zeros, or `None` when there is nothing to test.
fn nonzero_differences(x: &[f64], y: &[f64]) -> Option<Vec<f64>> {
    if x.len() != y.len() {
        return None;
    }
    let differences: Vec<f64> = x
        .iter()
        .zip(y)
        .map(|(a, b)| a - b)
        .filter(|difference| *difference != 0.0)
        .collect();
    if differences.is_empty() || differences.iter().any(|d| d.is_nan()) {
        return None;
    }
    Some(differences)
}

/// Ranks of a sample, with what the tie correction of the variance needs.
#[derive(Debug, Clone, PartialEq)]
struct Ranking {
    /// 1-based rank of each value, in input order; tied values share the mean of the
    /// positions they occupy.
    ranks: Vec<f64>,
    /// `Σ(t³ − t)` over the groups of `t` equal values (zero when there are no ties).
    tie_term: f64,
}

/// Ranks `values` from 1 (smallest) with average ranks for ties, like R's `rank`.
fn average_ranks(values: &[f64]) -> Ranking {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut tie_term = 0.0;
    let mut preceding = 0usize;
    for group in order.chunk_by(|&a, &b| values[a] == values[b]) {
        let size = group.len() as f64;
        let rank = preceding as f64 + (size + 1.0) / 2.0;
        for &index in group {
            ranks[index] = rank;
        }
        tie_term += size * size * size - size;
        preceding += group.len();
    }
    Ranking { ranks, tie_term }
}

/// The standard normal cumulative distribution function `Φ(z) = erfc(−z/√2)/2`.
///
/// Absolute error below 4e-16 everywhere; relative error below 3e-14 for `z ≥ −10` and
/// below 1e-12 down to `z = −37`, where `Φ` underflows (measured against an independent
/// `erfc` on a 0.01 grid), so small p-values such as `Φ(−8) ≈ 6.22e-16` stay meaningful.
/// The method is described on the private `erfc`. Returns NaN for NaN, 0 and 1 for −∞ and +∞.
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z / SQRT_2)
}

/// Below this argument [`erfc`] uses `1 − erf` from the series, at and above it the continued
/// fraction. At 1.5 the subtraction loses under two digits (`erfc(1.5) ≈ 0.034`) while the
/// continued fraction still converges in about 90 steps (the series needs about 25).
const SERIES_LIMIT: f64 = 1.5;

/// From this argument on `erfc` is below the smallest subnormal `f64` (`erfc(27.3)` rounds to
/// 0), so 0 is returned directly; this also keeps ∞ out of the continued fraction.
const UNDERFLOW_LIMIT: f64 = 27.3;

/// Relative size of the last term or step at which the series and continued fraction stop.
const TOLERANCE: f64 = f64::EPSILON / 2.0;

/// Upper bound on terms, far above what convergence needs; it only guards against a bug
/// turning into an endless loop.
const MAX_TERMS: usize = 500;

/// The complementary error function `erfc(x) = 1 − erf(x)`.
///
/// Computed from two classical expansions (Abramowitz & Stegun 7.1.6 and 7.1.14) rather than a
/// fitted rational approximation such as Cody's: they need no table of fitted coefficients, so
/// every line can be checked against the formula, and they reach full double precision.
/// Negative arguments use `erfc(−x) = 2 − erfc(x)`.
fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x < 0.0 {
        2.0 - erfc(-x)
    } else if x < SERIES_LIMIT {
        1.0 - erf_series(x)
    } else if x < UNDERFLOW_LIMIT {
        erfc_continued_fraction(x)
    } else {
        0.0
    }
}

/// `erf(x) = (2/√π)·e^(−x²)·Σₙ (2x²)ⁿ·x / (1·3·5···(2n+1))` for `x ≥ 0`.
///
/// Every term is positive, so unlike the Maclaurin series there is no cancellation; each term
/// is the previous one times `2x²/(2n+1)`, and the sum stops when a term no longer changes it.
fn erf_series(x: f64) -> f64 {
    let two_x_squared = 2.0 * x * x;
    let mut term = x;
    let mut sum = term;
    for n in 1..MAX_TERMS {
        term *= two_x_squared / (2 * n + 1) as f64;
        sum += term;
        if term <= sum * TOLERANCE {
            break;
        }
    }
    FRAC_2_SQRT_PI * (-x * x).exp() * sum
}

/// `erfc(x) = e^(−x²) / (√π · g)` with the continued fraction
/// `g = x + (1/2)/(x + (2/2)/(x + (3/2)/(x + …)))`, for `x ≥ SERIES_LIMIT`.
///
/// Evaluated forward with Lentz's method: `c` and `d` track the ratios of successive
/// numerators and denominators, and `g` is multiplied by `c·d` until that factor is 1.
/// With `x > 0` and positive partial numerators neither `c` nor `d` can reach zero.
fn erfc_continued_fraction(x: f64) -> f64 {
    let mut g = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..MAX_TERMS {
        let numerator = k as f64 / 2.0;
        d = 1.0 / (x + numerator * d);
        c = x + numerator / c;
        let factor = c * d;
        g *= factor;
        if (factor - 1.0).abs() <= TOLERANCE {
            break;
        }
    }
    0.5 * FRAC_2_SQRT_PI * (-x * x).exp() / g
}

/// Vargha–Delaney A12: the probability that a value drawn from `x` is larger than one drawn
/// from `y`, ties counting one half: `(#(xᵢ > yⱼ) + 0.5·#(xᵢ = yⱼ)) / (m·n)`.
///
/// 0.5 means no effect; `A12(x, y) = 1 − A12(y, x)`. For fitness-evaluation counts, where
/// smaller is better, a value below 0.5 favours `x`. [`a12_magnitude`] names the size.
/// Returns `None` when either sample is empty or holds a NaN (which compares to nothing).
pub fn vargha_delaney_a12(x: &[f64], y: &[f64]) -> Option<f64> {
    if x.is_empty() || y.is_empty() || x.iter().chain(y).any(|value| value.is_nan()) {
        return None;
    }
    let score: f64 = x
        .iter()
        .flat_map(|a| y.iter().map(move |b| pair_score(*a, *b)))
        .sum();
    Some(score / (x.len() as f64 * y.len() as f64))
}

/// 1 if `a` beats `b`, 0.5 for a tie, 0 otherwise.
fn pair_score(a: f64, b: f64) -> f64 {
    if a > b {
        1.0
    } else if a == b {
        0.5
    } else {
        0.0
    }
}

/// Added to `|A12 − 0.5|` so that a value exactly on a threshold reaches it despite rounding:
/// `0.71 − 0.5` is `0.20999999999999996` in `f64`, and A12 = 0.71 does occur (142 of 200
/// pair scores with ten runs each).
const MAGNITUDE_SLACK: f64 = 1e-9;

/// The conventional label of an A12 effect size (Vargha & Delaney 2000), by `|A12 − 0.5|`:
/// below 0.06 `"negligible"`, below 0.14 `"small"`, below 0.21 `"medium"`, otherwise
/// `"large"`; that is, A12 of 0.56, 0.64 and 0.71 (or 0.44, 0.36 and 0.29) start each size.
/// A NaN gives `"undefined"`.
pub fn a12_magnitude(a12: f64) -> &'static str {
    let distance = (a12 - 0.5).abs() + MAGNITUDE_SLACK;
    if distance.is_nan() {
        "undefined"
    } else if distance < 0.06 {
        "negligible"
    } else if distance < 0.14 {
        "small"
    } else if distance < 0.21 {
        "medium"
    } else {
        "large"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "expected {expected} ± {tolerance}, got {actual}"
        );
    }

    fn assert_relatively_close(actual: f64, expected: f64, relative: f64) {
        assert!(
            ((actual - expected) / expected).abs() <= relative,
            "expected {expected} within a relative {relative}, got {actual}"
        );
    }

    // ---- ranks ----

    #[test]
    fn distinct_values_are_ranked_by_their_sorted_position() {
        let ranking = average_ranks(&[3.0, 1.0, 2.0]);
        assert_eq!(ranking.ranks, [3.0, 1.0, 2.0]);
        assert_eq!(ranking.tie_term, 0.0);
    }

    #[test]
    fn tied_values_share_the_mean_of_the_positions_they_occupy() {
        // R: rank(c(10, 20, 10, 30, 20, 20, 5)) = 2.5 5.0 2.5 7.0 5.0 5.0 1.0
        // Sorted: 5 (pos 1), 10 10 (pos 2–3 → 2.5), 20 20 20 (pos 4–6 → 5), 30 (pos 7).
        // Tie term Σ(t³ − t): (8 − 2) + (27 − 3) = 30.
        let ranking = average_ranks(&[10.0, 20.0, 10.0, 30.0, 20.0, 20.0, 5.0]);
        assert_eq!(ranking.ranks, [2.5, 5.0, 2.5, 7.0, 5.0, 5.0, 1.0]);
        assert_eq!(ranking.tie_term, 30.0);
    }

    #[test]
    fn all_equal_values_share_the_middle_rank() {
        let ranking = average_ranks(&[4.0; 4]);
        assert_eq!(ranking.ranks, [2.5; 4]);
        assert_eq!(ranking.tie_term, 60.0);
    }

    #[test]
    fn ranking_nothing_gives_nothing() {
        let ranking = average_ranks(&[]);
        assert!(ranking.ranks.is_empty());
        assert_eq!(ranking.tie_term, 0.0);
    }

    // ---- Wilcoxon signed-rank test: a hand-worked example ----
    //
    // x = 10 12 15  9 20 14  8 11 16  7
    // y =  8 13 15 12 16 16  5  9 13  9
    // d =  2 -1  0 -3  4 -2  3  2  3 -2     (the 0 is dropped: n = 9)
    //
    // |d| sorted: 1 | 2 2 2 2 | 3 3 3 | 4
    // ranks:      1 | 3.5 ×4  | 7 ×3  | 9   (positions 2–5 average 3.5, 6–8 average 7)
    // positive d: 2, 4, 3, 2, 3 → V = 3.5 + 9 + 7 + 3.5 + 7 = 30  (negatives: 1+7+3.5+3.5 = 15)
    // mean     = 9·10/4 = 22.5
    // variance = 9·10·19/24 − ((4³ − 4) + (3³ − 3))/48 = 71.25 − 84/48 = 69.5
    // sd       = √69.5 = 8.336666000266533
    // Less:      z = (30 − 22.5 + 0.5)/sd = 8/sd = 0.9596162302465076, p = Φ(z) = 0.8313758012568455
    // Greater:   z = (30 − 22.5 − 0.5)/sd = 7/sd = 0.8396642014656941, p = Φ(−z) = 0.200548345577646
    // TwoSided:  V − mean = 7.5 > 0, so z = 7/sd as for Greater, p = 2·0.200548… = 0.401096691155292
    // (Φ values from an independent implementation, Python's math.erfc: Φ(z) = erfc(−z/√2)/2.)
    // R: wilcox.test(x, y, paired = TRUE, alternative = "less", exact = FALSE, correct = TRUE)
    const HAND_X: [f64; 10] = [10.0, 12.0, 15.0, 9.0, 20.0, 14.0, 8.0, 11.0, 16.0, 7.0];
    const HAND_Y: [f64; 10] = [8.0, 13.0, 15.0, 12.0, 16.0, 16.0, 5.0, 9.0, 13.0, 9.0];

    #[test]
    fn hand_example_drops_the_zero_difference_and_sums_positive_average_ranks() {
        let result = wilcoxon_signed_rank(&HAND_X, &HAND_Y, Alternative::Less).unwrap();
        assert_eq!(result.pairs, 9);
        assert_eq!(result.statistic, 30.0);
    }

    #[test]
    fn hand_example_less_matches_the_hand_computation() {
        let result = wilcoxon_signed_rank(&HAND_X, &HAND_Y, Alternative::Less).unwrap();
        assert_close(result.statistic, 30.0, 1e-12);
        assert_close(result.z, 0.959_616_230_246_507_6, 1e-6);
        assert_close(result.p_value, 0.831_375_801_256_845_5, 1e-6);
    }

    #[test]
    fn hand_example_greater_matches_the_hand_computation() {
        let result = wilcoxon_signed_rank(&HAND_X, &HAND_Y, Alternative::Greater).unwrap();
        assert_close(result.statistic, 30.0, 1e-12);
        assert_close(result.z, 0.839_664_201_465_694_1, 1e-6);
        assert_close(result.p_value, 0.200_548_345_577_646, 1e-6);
    }

    #[test]
    fn hand_example_two_sided_matches_the_hand_computation() {
        let result = wilcoxon_signed_rank(&HAND_X, &HAND_Y, Alternative::TwoSided).unwrap();
        assert_close(result.statistic, 30.0, 1e-12);
        assert_close(result.z, 0.839_664_201_465_694_1, 1e-6);
        assert_close(result.p_value, 0.401_096_691_155_292, 1e-6);
    }

    #[test]
    fn swapping_the_samples_mirrors_statistic_z_and_one_sided_p_values() {
        // Swapped, V = 15 (the negatives above), V − mean = −7.5, so the corrections flip too.
        let swapped = wilcoxon_signed_rank(&HAND_Y, &HAND_X, Alternative::Greater).unwrap();
        let original = wilcoxon_signed_rank(&HAND_X, &HAND_Y, Alternative::Less).unwrap();
        assert_eq!(swapped.statistic, 15.0);
        assert_close(swapped.z, -original.z, 1e-12);
        assert_close(swapped.p_value, original.p_value, 1e-12);

        let swapped = wilcoxon_signed_rank(&HAND_Y, &HAND_X, Alternative::TwoSided).unwrap();
        assert_close(swapped.z, -0.839_664_201_465_694_1, 1e-6);
        assert_close(swapped.p_value, 0.401_096_691_155_292, 1e-6);
    }

    // ---- Wilcoxon signed-rank test: Hollander & Wolfe (1973), p. 29 ----
    //
    // d = x − y = 0.952 −0.147 1.022 0.43 0.62 0.59 0.49 −0.08 0.01 (no zeros, no ties, n = 9)
    // |d| ranks:  8     3      9     4    7    6    5     2    1
    // V = 8 + 9 + 4 + 7 + 6 + 5 + 1 = 40 (negatives 3 + 2 = 5; 40 + 5 = 45 = 9·10/2)
    // mean = 22.5, variance = 9·10·19/24 = 71.25, sd = 8.440971508067067
    // Greater, corrected: z = (40 − 22.5 − 0.5)/sd = 17/sd = 2.0139861843809137,
    //   p = 1 − Φ(z) = 0.022005492006475724.
    // R: wilcox.test(x, y, paired = TRUE, alternative = "greater", exact = FALSE, correct = TRUE)
    //
    // The p ≈ 0.01908 sometimes quoted for this example is the normal approximation *without*
    // continuity correction (correct = FALSE): z = 17.5/sd = 2.0732, p = 0.019075855; the exact
    // test gives 10/512 = 0.01953 (10 sign patterns have negative rank sum ≤ 5:
    // {}, {1}, {2}, {3}, {4}, {5}, {1,2}, {1,3}, {1,4}, {2,3}).
    #[test]
    #[allow(
        clippy::approx_constant,
        reason = "3.14 is a score from the data set, not π"
    )]
    fn hollander_wolfe_depression_example_gives_v_40_and_corrected_p_0_0220() {
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let result = wilcoxon_signed_rank(&x, &y, Alternative::Greater).unwrap();
        assert_eq!(result.pairs, 9);
        assert_eq!(result.statistic, 40.0);
        assert_close(result.z, 2.013_986_184_380_913_7, 1e-9);
        assert_close(result.p_value, 0.022_005_492_006_475_724, 1e-9);

        let uncorrected = normal_cdf(-(40.0 - 22.5) / 71.25_f64.sqrt());
        assert_close(uncorrected, 0.019_075_855_086_707_58, 1e-9);
    }

    #[test]
    fn a_single_pair_sits_at_the_median_after_correction() {
        // n = 1, d > 0: V = 1, mean 0.5, sd 0.5; Greater: z = (1 − 0.5 − 0.5)/0.5 = 0, p = 0.5.
        let result = wilcoxon_signed_rank(&[2.0], &[1.0], Alternative::Greater).unwrap();
        assert_eq!(result.statistic, 1.0);
        assert_eq!(result.z, 0.0);
        assert_eq!(result.p_value, 0.5);
    }

    #[test]
    fn two_sided_deviation_of_zero_gets_no_correction_and_p_one() {
        // d = 1, −1: ranks 1.5 each, V = 1.5 = mean 2·3/4, so z = 0 and p = 2·0.5 = 1.
        let result = wilcoxon_signed_rank(&[1.0, 0.0], &[0.0, 1.0], Alternative::TwoSided).unwrap();
        assert_eq!(result.statistic, 1.5);
        assert_eq!(result.z, 0.0);
        assert_eq!(result.p_value, 1.0);
    }

    #[test]
    fn wilcoxon_is_none_for_samples_of_different_length() {
        assert_eq!(
            wilcoxon_signed_rank(&[1.0, 2.0], &[1.0], Alternative::Less),
            None
        );
    }

    #[test]
    fn wilcoxon_is_none_for_empty_samples() {
        assert_eq!(wilcoxon_signed_rank(&[], &[], Alternative::TwoSided), None);
    }

    #[test]
    fn wilcoxon_is_none_when_every_difference_is_zero() {
        let same = [3.0, 1.0, 4.0];
        assert_eq!(
            wilcoxon_signed_rank(&same, &same, Alternative::Greater),
            None
        );
    }

    #[test]
    fn wilcoxon_is_none_when_a_difference_is_nan() {
        assert_eq!(
            wilcoxon_signed_rank(&[1.0, f64::NAN], &[2.0, 3.0], Alternative::Less),
            None
        );
        assert_eq!(
            wilcoxon_signed_rank(&[f64::INFINITY], &[f64::INFINITY], Alternative::Less),
            None
        );
    }

    // ---- normal CDF ----

    #[test]
    fn normal_cdf_matches_tabulated_values() {
        // Reference values to 16 digits from an independent implementation, Python's
        // math.erfc: Φ(z) = erfc(−z/√2)/2 (R: pnorm(z); tables agree to the digits they print).
        assert_eq!(normal_cdf(0.0), 0.5);
        assert_close(normal_cdf(1.0), 0.841_344_746_068_542_9, 1e-15);
        assert_close(normal_cdf(-1.0), 0.158_655_253_931_457_07, 1e-15);
        assert_close(normal_cdf(1.96), 0.975_002_104_851_779_5, 1e-15);
        assert_close(normal_cdf(-1.96), 0.024_997_895_148_220_435, 1e-15);
        assert_close(normal_cdf(3.0), 0.998_650_101_968_369_9, 1e-15);
        assert_close(normal_cdf(-3.0), 0.001_349_898_031_630_095, 1e-15);
        assert_close(normal_cdf(8.0), 1.0 - 6.220_960_574_271_819e-16, 1e-15);
    }

    #[test]
    fn normal_cdf_keeps_relative_precision_in_the_lower_tail() {
        // Python: erfc(8/√2)/2 = 6.220960574271819e-16, erfc(20/√2)/2 = 2.7536241186063314e-89.
        assert_relatively_close(normal_cdf(-8.0), 6.220_960_574_271_819e-16, 1e-12);
        assert_relatively_close(normal_cdf(-20.0), 2.753_624_118_606_331_4e-89, 1e-12);
    }

    #[test]
    fn normal_cdf_is_symmetric_about_zero() {
        for step in 0..=160 {
            let z = f64::from(step) * 0.05;
            assert_close(normal_cdf(z) + normal_cdf(-z), 1.0, 2e-16);
        }
    }

    #[test]
    fn both_erfc_methods_agree_where_erfc_switches_between_them() {
        // Python's math.erfc(1.5) = 0.033894853524689274.
        let from_series = 1.0 - erf_series(SERIES_LIMIT);
        let from_fraction = erfc_continued_fraction(SERIES_LIMIT);
        assert_relatively_close(from_series, 0.033_894_853_524_689_274, 1e-14);
        assert_relatively_close(from_fraction, 0.033_894_853_524_689_274, 1e-14);
    }

    #[test]
    fn normal_cdf_increases_monotonically() {
        let values: Vec<f64> = (-400..=400)
            .map(|step| normal_cdf(f64::from(step) * 0.02))
            .collect();
        assert!(values.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    #[test]
    fn normal_cdf_handles_infinities_and_nan() {
        assert_eq!(normal_cdf(f64::NEG_INFINITY), 0.0);
        assert_eq!(normal_cdf(f64::INFINITY), 1.0);
        assert_eq!(normal_cdf(-40.0), 0.0);
        assert!(normal_cdf(f64::NAN).is_nan());
    }

    #[test]
    fn erfc_matches_reference_values_on_both_methods() {
        // Python's math.erfc: erfc(0.5) = 0.4795001221869535, erfc(2) = 0.004677734981047265,
        // erfc(3) = 2.2090496998585438e-05, erfc(10) = 2.088487583762545e-45, erfc(−1) =
        // 1.842700792949715.
        assert_relatively_close(erfc(0.5), 0.479_500_122_186_953_5, 1e-14);
        assert_relatively_close(erfc(2.0), 0.004_677_734_981_047_265, 1e-13);
        assert_relatively_close(erfc(3.0), 2.209_049_699_858_543_8e-5, 1e-14);
        assert_relatively_close(erfc(10.0), 2.088_487_583_762_545e-45, 1e-13);
        assert_close(erfc(-1.0), 1.842_700_792_949_715, 1e-15);
    }

    // ---- Vargha–Delaney A12 ----

    #[test]
    fn a12_of_identical_samples_is_one_half() {
        let sample = [3.0, 1.0, 4.0, 1.0, 5.0];
        assert_eq!(vargha_delaney_a12(&sample, &sample), Some(0.5));
    }

    #[test]
    fn a12_of_completely_separated_samples_is_one_or_zero() {
        let low = [1.0, 2.0, 3.0];
        let high = [10.0, 11.0];
        assert_eq!(vargha_delaney_a12(&high, &low), Some(1.0));
        assert_eq!(vargha_delaney_a12(&low, &high), Some(0.0));
    }

    #[test]
    fn a12_counts_ties_as_one_half_in_a_mixed_example() {
        // x = 1 2 3 4, y = 2 3 5 (12 pairs):
        // x=1: beats none, ties none → 0;   x=2: ties 2 → 0.5;
        // x=3: beats 2, ties 3 → 1.5;        x=4: beats 2 and 3 → 2.
        // A12 = (0 + 0.5 + 1.5 + 2)/12 = 4/12 = 1/3, and A12(y, x) = 8/12 = 2/3.
        let x = [1.0, 2.0, 3.0, 4.0];
        let y = [2.0, 3.0, 5.0];
        assert_close(vargha_delaney_a12(&x, &y).unwrap(), 1.0 / 3.0, 1e-15);
        assert_close(vargha_delaney_a12(&y, &x).unwrap(), 2.0 / 3.0, 1e-15);
    }

    #[test]
    fn a12_is_none_for_an_empty_sample() {
        assert_eq!(vargha_delaney_a12(&[], &[1.0]), None);
        assert_eq!(vargha_delaney_a12(&[1.0], &[]), None);
        assert_eq!(vargha_delaney_a12(&[], &[]), None);
    }

    #[test]
    fn a12_is_none_when_a_value_is_nan() {
        assert_eq!(vargha_delaney_a12(&[1.0, f64::NAN], &[1.0]), None);
    }

    #[test]
    fn a12_magnitude_follows_the_vargha_delaney_thresholds_in_both_directions() {
        assert_eq!(a12_magnitude(0.5), "negligible");
        assert_eq!(a12_magnitude(0.55), "negligible");
        assert_eq!(a12_magnitude(0.45), "negligible");
        assert_eq!(a12_magnitude(0.57), "small");
        assert_eq!(a12_magnitude(0.37), "small");
        assert_eq!(a12_magnitude(0.65), "medium");
        assert_eq!(a12_magnitude(0.30), "medium");
        assert_eq!(a12_magnitude(0.72), "large");
        assert_eq!(a12_magnitude(0.0), "large");
        assert_eq!(a12_magnitude(1.0), "large");
        assert_eq!(a12_magnitude(f64::NAN), "undefined");
    }

    #[test]
    fn a12_exactly_on_a_threshold_gets_the_larger_label() {
        assert_eq!(a12_magnitude(0.5599), "negligible");
        assert_eq!(a12_magnitude(0.56), "small");
        assert_eq!(a12_magnitude(0.44), "small");
        assert_eq!(a12_magnitude(0.64), "medium");
        assert_eq!(a12_magnitude(0.36), "medium");
        assert_eq!(a12_magnitude(0.7099), "medium");
        assert_eq!(a12_magnitude(0.71), "large");
        assert_eq!(a12_magnitude(0.29), "large");
        assert_eq!(a12_magnitude(142.0 / 200.0), "large");
    }
}
