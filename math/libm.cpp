// SPDX-License-Identifier: GPL-2.0
// math/libm.cpp - see libm.hpp. Layout: bit helpers, double-double
// arithmetic, the exp and log cores (used by every exponential,
// logarithmic and hyperbolic function), the trigonometric argument
// reduction and kernels, the inverse trigonometric functions, the rest.
#include "libm.hpp"

#include "../lib/div64.hpp"
#include "../lib/u128.hpp"
#include "tables.hpp"

namespace tx::math {

namespace {

using tables::Pair;

// ---- bits ---------------------------------------------------------------------

uint64_t bits_of(double x)
{
	uint64_t b;
	__builtin_memcpy(&b, &x, sizeof(b));
	return b;
}

double from_bits(uint64_t b)
{
	double x;
	__builtin_memcpy(&x, &b, sizeof(x));
	return x;
}

constexpr uint64_t kSignBit = 1ull << 63;
constexpr double kInf = __builtin_inf();
constexpr double kNan = __builtin_nan("");

bool is_nan(double x) { return x != x; }
bool is_inf(double x) { return (bits_of(x) & ~kSignBit) == 0x7ff0000000000000ull; }
int biased_exponent(double x) { return static_cast<int>((bits_of(x) >> 52) & 0x7ff); }
bool sign_of(double x) { return bits_of(x) >> 63; }
double with_sign(double mag, bool negative) { return from_bits((bits_of(mag) & ~kSignBit) | (negative ? kSignBit : 0)); }
double abs_of(double x) { return from_bits(bits_of(x) & ~kSignBit); }

// 2^k for -1022 <= k <= 1023.
double pow2(int k) { return from_bits(static_cast<uint64_t>(k + 1023) << 52); }

// v as a double, rounded once: both halves convert exactly, and the sum of
// two doubles is correctly rounded. No 64-bit conversion: a 32-bit ARM
// kernel lacks the helper GCC would call (__aeabi_ul2d).
double double_of(uint64_t v)
{
	return static_cast<double>(static_cast<uint32_t>(v >> 32)) * 0x1p32 + static_cast<double>(static_cast<uint32_t>(v));
}

// x * 2^k for any k, rounding once (at the end) when the result is
// subnormal: the scaling is split so that no intermediate under- or
// overflows before the last step.
double scale(double x, int k)
{
	if (k > 1023) {
		x *= pow2(1023);
		k -= 1023;
		if (k > 1023) {
			x *= pow2(1023);
			k -= 1023;
			if (k > 1023)
				k = 1023;
		}
	} else if (k < -1022) {
		x *= pow2(-1022) * pow2(53);
		k += 1022 - 53;
		if (k < -1022) {
			x *= pow2(-1022) * pow2(53);
			k += 1022 - 53;
			if (k < -1022)
				k = -1022;
		}
	}
	return x * pow2(k);
}

// The nearest integer to x (|x| < 2^51), ties away from... to even.
double nearest_int(double x)
{
	constexpr double kShifter = 0x1.8p52;
	return (x + kShifter) - kShifter;
}

// ---- double-double ------------------------------------------------------------
// A value hi + lo with |lo| <= ulp(hi)/2: about 106 bits. Every step below
// is exact or loses a stated amount; none may be contracted into an FMA.

struct DD {
	double hi, lo;
};

DD two_sum(double a, double b)
{
	double s = a + b;
	double bb = s - a;
	return {s, (a - (s - bb)) + (b - bb)};
}

DD fast_two_sum(double a, double b) // |a| >= |b| or a == 0
{
	double s = a + b;
	return {s, b - (s - a)};
}

// Dekker's split: a = hi + lo with hi holding 26 bits (|a| < 2^996).
void split(double a, double *hi, double *lo)
{
	double t = 134217729.0 * a; // 2^27 + 1
	*hi = t - (t - a);
	*lo = a - *hi;
}

DD two_prod(double a, double b)
{
	double p = a * b, ah, al, bh, bl;
	split(a, &ah, &al);
	split(b, &bh, &bl);
	return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

DD dd_add(DD a, DD b)
{
	DD s = two_sum(a.hi, b.hi);
	return fast_two_sum(s.hi, s.lo + a.lo + b.lo);
}

DD dd_add_d(DD a, double b)
{
	DD s = two_sum(a.hi, b);
	return fast_two_sum(s.hi, s.lo + a.lo);
}

DD dd_mul(DD a, DD b)
{
	DD p = two_prod(a.hi, b.hi);
	return fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

DD dd_mul_d(DD a, double b)
{
	DD p = two_prod(a.hi, b);
	return fast_two_sum(p.hi, p.lo + a.lo * b);
}

DD dd_div(DD a, DD b)
{
	double q = a.hi / b.hi;
	DD p = two_prod(q, b.hi);
	double r = ((a.hi - p.hi) - p.lo + a.lo - q * b.lo) / b.hi;
	return fast_two_sum(q, r);
}

DD dd_neg(DD a) { return {-a.hi, -a.lo}; }
double round_pair(DD a) { return a.hi + a.lo; }
DD dd(Pair p) { return {p.hi, p.lo}; }

// sqrt(a) as a pair: the CPU's correctly rounded root and one Newton
// correction from the exact residual.
DD dd_sqrt(DD a)
{
	double s = __builtin_sqrt(a.hi);
	if (s == 0)
		return {s, 0};
	DD sq = two_prod(s, s);
	double r = ((a.hi - sq.hi) - sq.lo + a.lo) / (2 * s);
	return fast_two_sum(s, r);
}

// Horner's rule over c[first..N-1]: c[first] + z*(c[first+1] + z*(...)).
template <int N> double horner_from(const double (&c)[N], int first, double z)
{
	double p = c[N - 1];
	for (int i = N - 2; i >= first; i--)
		p = c[i] + z * p;
	return p;
}

template <int N> double horner(const double (&c)[N], double z) { return horner_from(c, 0, z); }

// ---- exp ------------------------------------------------------------------------
// exp(x) = 2^k * exp(r), x = k ln2 + r, |r| <= ln2/2 (+ tiny). ln 2 in three
// parts: kLn2Hi has 32 significant bits, so k * kLn2Hi is exact for
// |k| < 2^21 and x - k * kLn2Hi is exact (Sterbenz) where it matters.

constexpr double kLn2Hi = tables::kLn2Parts[0];
constexpr double kLn2Mid = tables::kLn2Parts[1]; // 32 bits too: e * kLn2Mid exact
constexpr double kLn2Lo = tables::kLn2Parts[2];

struct Scaled {
	int k;
	DD m; // exp(x) = 2^k * (m.hi + m.lo), m in [0.7, 1.42]
};

// exp(a.hi + a.lo) for |a.hi| <= 746, as 2^k times a pair accurate to about
// 2^-58 relative. O(1): 12 polynomial terms.
Scaled exp_core(DD a)
{
	double kd = nearest_int(a.hi * tables::kInvLn2.hi);
	int k = static_cast<int>(kd);
	double hi = a.hi - kd * kLn2Hi; // exact
	DD r = two_sum(hi, -(kd * kLn2Mid));
	r.lo += a.lo - kd * kLn2Lo;
	r = fast_two_sum(r.hi, r.lo);
	// exp(r) = 1 + r + r^2/2 + r^3 (1/6 + r/24 + ...): 1 + r.hi and r.hi^2/2
	// exactly as pairs, the cubic tail (below 0.007) in double added to the
	// low part. About 2^-58 relative.
	double x = r.hi;
	DD x2 = two_prod(x, x);
	double cubic = x2.hi * x * horner_from(tables::kExpTaylor, 1, x);
	DD one_r = two_sum(1.0, x);
	DD with_square = two_sum(one_r.hi, 0.5 * x2.hi);
	double low = one_r.lo + with_square.lo + 0.5 * x2.lo + cubic + r.lo * (1 + x);
	return {k, fast_two_sum(with_square.hi, low)};
}

double round_scaled(const Scaled &s) { return scale(s.m.hi + s.m.lo, s.k); }

// The pair times 2^k, exactly while the result is normal (the callers'
// |k| stays below 60).
DD as_pair(const Scaled &s) { return {scale(s.m.hi, s.k), scale(s.m.lo, s.k)}; }

// exp of a pair: overflow and underflow decided before the core.
double exp_dd(DD a)
{
	if (a.hi > 709.8)
		return kInf;
	if (a.hi < -745.2)
		return 0.0;
	return round_scaled(exp_core(a));
}

// ---- log ------------------------------------------------------------------------
// log of a positive pair a = 2^e * m (1 + f), m in [sqrt2/2, sqrt2):
// log(1 + f) = 2 atanh(s), s = f / (2 + f), |s| <= 0.1716; the first three
// terms of the series as pairs, the tail (s^7 .. s^29, below 1.5e-5 of the
// sum) in double. About 2^-66 relative: pow's y * log x needs it.

DD log_core(DD a)
{
	double x = a.hi;
	double lo = a.lo;
	int e = 0;
	if (biased_exponent(x) == 0) { // subnormal: make it normal
		x *= pow2(54);
		lo *= pow2(54);
		e = -54;
	}
	uint64_t b = bits_of(x);
	e += biased_exponent(x) - 1023;
	double m = from_bits((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
	if (m > 0x1.6a09e667f3bcdp+0) { // above sqrt2: halve it
		m *= 0.5;
		e += 1;
	}
	DD f = two_sum(m - 1.0, scale(lo, -e)); // m - 1 is exact
	DD t = dd_add_d(f, 2.0);
	DD s = dd_div(f, t);
	DD s2 = dd_mul(s, s);
	DD s3 = dd_mul(s2, s);
	DD term3 = dd_mul(s3, dd(tables::kTwoThirds));
	double z = s2.hi;
	DD term5 = dd_mul(dd_mul(s3, s2), dd(tables::kTwoFifths));
	double tail = s3.hi * z * z * horner(tables::kAtanhTail, z);
	DD sum = dd_add(DD{2 * s.hi, 2 * s.lo}, term3);
	sum = dd_add(sum, term5);
	sum = dd_add_d(sum, tail);
	// + e * ln2: e * kLn2Hi exact (e has at most 11 bits).
	DD eln2 = two_sum(e * kLn2Hi, e * kLn2Mid);
	eln2.lo += e * kLn2Lo;
	return dd_add(eln2, sum);
}

// ---- trigonometric reduction ---------------------------------------------------------
// x = n * pi/2 + r, |r| <= pi/4 (+ tiny), r as a pair. Below 2^20 * pi/2 by
// Cody and Waite (pi/2 in four parts of 33, 33, 33 and 53 bits: each
// n * part exact); above, Payne and Hanek with the bits of 2/pi.

constexpr double kPio2_1 = tables::kPio2Parts[0];
constexpr double kPio2_2 = tables::kPio2Parts[1];
constexpr double kPio2_3 = tables::kPio2Parts[2];
constexpr double kPio2_3t = tables::kPio2Parts[3];

int reduce_large(double x, DD *r);

int reduce(double x, DD *r)
{
	double a = abs_of(x);
	if (a <= 0x1.921fb54442d18p-1) {
		*r = {x, 0};
		return 0;
	}
	if (a < 0x1.921fb54442d18p+20) {
		double n = nearest_int(x * 0x1.45f306dc9c883p-1); // x * 2/pi
		double hi = x - n * kPio2_1; // exact
		DD d = two_sum(hi, -(n * kPio2_2));
		d = dd_add_d(d, -(n * kPio2_3));
		d.lo -= n * kPio2_3t;
		*r = fast_two_sum(d.hi, d.lo);
		return static_cast<int>(n) & 3; // |n| < 2^20
	}
	return reduce_large(x, r);
}

// The 64 bits of kTwoOverPiBits starting at bit 'pos' (0: the first bit of
// the array, most significant first).
uint64_t two_over_pi_word(int pos)
{
	int w = pos / 64, s = pos % 64;
	uint64_t v = tables::kTwoOverPiBits[w] << s;
	if (s)
		v |= tables::kTwoOverPiBits[w + 1] >> (64 - s);
	return v;
}

// Payne-Hanek. x = M * 2^E (M a 53-bit integer). The bits of 2/pi of weight
// 2^-i with E - i >= 2 give multiples of 4 times M: they do not change the
// quadrant or r. From bit i = E - 1 on, 192 bits (the rest is below
// 2^-136) multiplied by M, modulo 2^192: two bits of quadrant and 190 of
// fraction. O(1): three 64 x 64 multiplications.
int reduce_large(double x, DD *r)
{
	uint64_t b = bits_of(x);
	int E = biased_exponent(x) - 1075;
	uint64_t M = (b & 0x000fffffffffffffull) | (1ull << 52);
	int pos = E - 1 + 63; // bit i of the fraction is bit 63 + i of the array
	uint64_t w0 = two_over_pi_word(pos), w1 = two_over_pi_word(pos + 64), w2 = two_over_pi_word(pos + 128);
	U128 p2 = mul_64x64(M, w2);
	U128 p1 = add(mul_64x64(M, w1), p2.hi);
	uint64_t l0 = M * w0 + p1.hi;
	uint64_t l1 = p1.lo, l2 = p2.lo;
	int n = static_cast<int>(l0 >> 62);
	// The fraction as 128 bits: l0's low 62, l1, l2's top 2.
	U128 f = {l0 << 2 | l1 >> 62, l1 << 2 | l2 >> 62};
	bool negative = f.hi >> 63; // fraction >= 1/2: round n up, r < 0
	if (negative) {
		n++;
		f = negate(f); // 1 - fraction
	}
	// The fraction as a pair: its top 53 bits, then the next 53.
	if (!f.hi && !f.lo) { // x is a multiple of pi/2 to 128 bits: impossible for a double
		*r = {0, 0};
		return n & 3;
	}
	int lz = f.hi ? __builtin_clzll(f.hi) : 64 + __builtin_clzll(f.lo);
	f = shift_left(f, static_cast<unsigned>(lz));
	double hi = double_of(shift_right(f, 75).lo) * pow2(-53);
	double lo = double_of(shift_right(f, 22).lo & ((1ull << 53) - 1)) * pow2(-106);
	DD frac = {scale(hi, -lz), scale(lo, -lz)};
	DD v = dd_mul(frac, dd(tables::kPio2));
	if (negative)
		v = dd_neg(v);
	if (sign_of(x)) {
		v = dd_neg(v);
		n = -n;
	}
	*r = v;
	return n & 3;
}

// sin and cos of a reduced pair as pairs (|r| <= pi/4 + tiny). The sums
// that round last are kept as pairs, for tan's quotient.
DD sin_kernel(DD r)
{
	double x = r.hi, z = x * x;
	double t = x * z * horner(tables::kSinTaylor, z);
	return fast_two_sum(x, t + r.lo * (1 - 0.5 * z));
}

DD cos_kernel(DD r)
{
	double x = r.hi;
	DD z = two_prod(x, x);
	double hz = 0.5 * z.hi;
	double w = 1.0 - hz;
	double rest = (((1.0 - w) - hz) - 0.5 * z.lo) + (z.hi * z.hi * horner(tables::kCosTaylor, z.hi) - x * r.lo);
	return fast_two_sum(w, rest);
}

// ---- atan ------------------------------------------------------------------------------
// atan(t), t a pair in [0, 1]: atan(c) + atan((t - c) / (1 + t c)) with
// c = j/8 the nearest eighth, so the quotient u is within 1/16 and nine
// terms of the series carry it to 2^-60.
DD atan_unit(DD t)
{
	double jd = nearest_int(t.hi * 8);
	int j = jd > 0 ? (jd < 8 ? static_cast<int>(jd) : 8) : 0; // t in [0, 1]
	double c = j * 0.125;
	DD num = two_sum(t.hi - c, t.lo); // t.hi - c is exact (Sterbenz, or c = 0)
	DD tc = dd_mul_d(t, c);
	DD den = dd_add_d(tc, 1.0);
	DD u = dd_div(num, den);
	double z = u.hi * u.hi;
	double series = u.hi * z * horner(tables::kAtanTaylor, z);
	DD atan_u = fast_two_sum(u.hi, series + u.lo * (1 - z));
	return dd_add(dd(tables::kAtanEighths[j]), atan_u);
}

// atan(|y| / |x|) for finite positive a = |y|, b = |x| whose quotient is
// neither huge nor tiny (the callers take those), as a pair.
DD atan_ratio(double a, double b)
{
	// Scale both near 1 (exactly: their exponents differ by 60 at most) so
	// that the pair arithmetic (Dekker's split) stays in range.
	int ea = (biased_exponent(a) ? biased_exponent(a) : 1) - 1023;
	a = scale(a, -ea);
	b = scale(b, -ea);
	if (a <= b)
		return atan_unit(dd_div(DD{a, 0}, DD{b, 0}));
	return dd_add(dd(tables::kPio2), dd_neg(atan_unit(dd_div(DD{b, 0}, DD{a, 0}))));
}

// asin(s) for a pair s, |s| <= 1/2: the Taylor series in z = s^2 (26
// terms, to 2^-57 at the edge), the pair's low part through asin's slope.
DD asin_small(DD s)
{
	double z = s.hi * s.hi;
	double series = s.hi * z * horner(tables::kAsinTaylor, z);
	return fast_two_sum(s.hi, series + s.lo * (1 + 0.5 * z));
}

// log of a positive finite x as a pair, and the special values around it.
bool log_special(double x, double *out)
{
	if (is_nan(x)) {
		*out = x + x;
		return true;
	}
	if (x == 0) {
		*out = -kInf;
		return true;
	}
	if (sign_of(x)) {
		*out = kNan;
		return true;
	}
	if (is_inf(x)) {
		*out = x;
		return true;
	}
	return false;
}

// y is an integer (any |y| >= 2^52 is), and odd.
bool is_integer(double y) { return abs_of(y) >= 0x1p52 || trunc(y) == y; }
bool is_odd_integer(double y)
{
	double a = abs_of(y);
	return a < 0x1p53 && trunc(y) == y && trunc(a * 0.5) != a * 0.5; // a / 2 is exact
}

} // namespace

// ---- exponentials and logarithms --------------------------------------------------------

double exp(double x)
{
	if (is_nan(x))
		return x + x;
	return exp_dd(DD{x, 0});
}

double exp2(double x)
{
	if (is_nan(x))
		return x + x;
	if (x > 1024)
		return kInf;
	if (x < -1080)
		return 0.0;
	return exp_dd(dd_mul_d(dd(tables::kLn2), x));
}

double expm1(double x)
{
	if (is_nan(x))
		return x + x;
	double a = abs_of(x);
	if (a < 0x1p-54)
		return x;
	if (x > 709.8)
		return kInf;
	if (x < -38)
		return -1.0;
	if (a <= 0x1.62e42fefa39efp-2) { // |x| <= ln2/2: the series, x first
		double q = x * x * horner(tables::kExpTaylor, x);
		return x + q;
	}
	if (x > 40) // exp(x) - 1 rounds to exp(x)
		return exp_dd(DD{x, 0});
	DD e = as_pair(exp_core(DD{x, 0})); // |k| < 60
	DD d = dd_add_d(e, -1.0);
	return d.hi + d.lo;
}

double log(double x)
{
	double special;
	return log_special(x, &special) ? special : round_pair(log_core(DD{x, 0}));
}

double log2(double x)
{
	double special;
	return log_special(x, &special) ? special : round_pair(dd_mul(log_core(DD{x, 0}), dd(tables::kInvLn2)));
}

double log10(double x)
{
	double special;
	return log_special(x, &special) ? special : round_pair(dd_mul(log_core(DD{x, 0}), dd(tables::kInvLn10)));
}

double log1p(double x)
{
	if (is_nan(x))
		return x + x;
	if (x == -1)
		return -kInf;
	if (x < -1)
		return kNan;
	if (is_inf(x))
		return x;
	if (abs_of(x) < 0x1p-54)
		return x;
	DD l = log_core(two_sum(1.0, x));
	return l.hi + l.lo;
}

double pow(double x, double y)
{
	if (y == 0 || x == 1)
		return 1.0;
	if (is_nan(x) || is_nan(y))
		return x + y;
	double ax = abs_of(x);
	if (is_inf(y)) {
		if (ax == 1)
			return 1.0;
		return (ax > 1) == (y > 0) ? kInf : 0.0;
	}
	bool odd = is_odd_integer(y);
	bool negative = sign_of(x) && odd;
	if (x == 0 || is_inf(x)) {
		bool big = is_inf(x) == (y > 0); // inf^+ or 0^-: infinite
		return with_sign(big ? kInf : 0.0, negative);
	}
	if (sign_of(x) && !is_integer(y))
		return kNan;
	if (ax == 1) // (-1)^integer
		return negative ? -1.0 : 1.0;
	DD l = log_core(DD{ax, 0});
	double estimate = l.hi * y; // decides over- and underflow before the pair
	if (estimate > 709.8)
		return with_sign(kInf, negative);
	if (estimate < -745.2)
		return with_sign(0.0, negative);
	// Here |y| < 2^63 (|log x| >= 2^-54 for x != 1): the pair product is safe.
	return with_sign(exp_dd(dd_mul_d(l, y)), negative);
}

// ---- hyperbolic ------------------------------------------------------------------------

double sinh(double x)
{
	double a = abs_of(x);
	if (is_nan(x))
		return x + x;
	if (is_inf(x) || a < 0x1p-27)
		return x;
	double r;
	if (a < 1) {
		double z = a * a;
		r = a + a * z * horner(tables::kSinhTaylor, z);
	} else if (a < 22) {
		DD e = as_pair(exp_core(DD{a, 0}));
		DD inv = dd_div(DD{1, 0}, e);
		DD d = dd_add(e, dd_neg(inv));
		r = 0.5 * (d.hi + d.lo);
	} else {
		if (a > 711)
			return with_sign(kInf, sign_of(x));
		Scaled s = exp_core(DD{a, 0});
		s.k -= 1;
		r = round_scaled(s);
	}
	return with_sign(r, sign_of(x));
}

double cosh(double x)
{
	double a = abs_of(x);
	if (is_nan(x))
		return x + x;
	if (is_inf(x))
		return kInf;
	if (a < 0x1p-27)
		return 1.0;
	if (a > 711)
		return kInf;
	Scaled s = exp_core(DD{a, 0});
	if (a >= 22) {
		s.k -= 1;
		return round_scaled(s);
	}
	DD e = as_pair(s);
	DD d = dd_add(e, dd_div(DD{1, 0}, e));
	return 0.5 * (d.hi + d.lo);
}

double tanh(double x)
{
	double a = abs_of(x);
	if (is_nan(x))
		return x + x;
	if (a < 0x1p-27)
		return x;
	double r;
	if (a >= 22) {
		r = 1.0;
	} else if (a < 0.125) {
		double z = a * a;
		r = a + a * z * horner(tables::kTanhTaylor, z);
	} else {
		// (e^2a - 1) / (e^2a + 1), e^2a as a pair: no cancellation lost.
		Scaled s = exp_core(DD{2 * a, 0});
		DD e = as_pair(s);
		DD q = dd_div(dd_add_d(e, -1.0), dd_add_d(e, 1.0));
		r = q.hi + q.lo;
	}
	return with_sign(r, sign_of(x));
}

double asinh(double x)
{
	double a = abs_of(x);
	if (is_nan(x))
		return x + x;
	if (is_inf(x) || a < 0x1p-27)
		return x;
	DD v;
	if (a > 0x1p28) { // sqrt(a^2 + 1) = a to double precision
		v = dd_add(log_core(DD{a, 0}), dd(tables::kLn2));
	} else {
		// log(a + sqrt(a^2 + 1)) = log1p(a + a^2 / (1 + sqrt(a^2 + 1)))
		DD a2 = two_prod(a, a);
		DD root = dd_sqrt(dd_add_d(a2, 1.0));
		DD t = dd_add_d(dd_div(a2, dd_add_d(root, 1.0)), a);
		v = log_core(dd_add_d(t, 1.0)); // the pair keeps t's bits below 1's ulp
	}
	return with_sign(v.hi + v.lo, sign_of(x));
}

double acosh(double x)
{
	if (is_nan(x))
		return x + x;
	if (x < 1)
		return kNan;
	if (is_inf(x))
		return x;
	if (x > 0x1p28) {
		DD v = dd_add(log_core(DD{x, 0}), dd(tables::kLn2));
		return v.hi + v.lo;
	}
	// log(x + sqrt(x^2 - 1)), x^2 - 1 = (x - 1)(x + 1) as a pair.
	DD xm1 = two_sum(x, -1.0), xp1 = two_sum(x, 1.0);
	DD root = dd_sqrt(dd_mul(xm1, xp1));
	DD v = log_core(dd_add_d(root, x));
	return v.hi + v.lo;
}

double atanh(double x)
{
	double a = abs_of(x);
	if (is_nan(x))
		return x + x;
	if (a > 1)
		return kNan;
	if (a == 1)
		return with_sign(kInf, sign_of(x));
	if (a < 0x1p-27)
		return x;
	// 1/2 log((1 + a) / (1 - a)); 1 - a is exact for a >= 1/2, a pair else.
	DD q = dd_div(two_sum(1.0, a), two_sum(1.0, -a));
	DD v = log_core(q);
	return with_sign(0.5 * (v.hi + v.lo), sign_of(x));
}

// ---- trigonometric ------------------------------------------------------------------------

double sin(double x)
{
	if (is_nan(x) || is_inf(x))
		return x - x;
	if (abs_of(x) < 0x1p-26)
		return x;
	DD r;
	int n = reduce(x, &r);
	DD v = (n & 1) ? cos_kernel(r) : sin_kernel(r);
	double s = v.hi + v.lo;
	return (n & 2) ? -s : s;
}

double cos(double x)
{
	if (is_nan(x) || is_inf(x))
		return x - x;
	if (abs_of(x) < 0x1p-27)
		return 1.0;
	DD r;
	int n = reduce(x, &r);
	DD v = (n & 1) ? sin_kernel(r) : cos_kernel(r);
	double c = v.hi + v.lo;
	return ((n + 1) & 2) ? -c : c;
}

void sincos(double x, double *s, double *c)
{
	*s = sin(x);
	*c = cos(x);
}

double tan(double x)
{
	if (is_nan(x) || is_inf(x))
		return x - x;
	if (abs_of(x) < 0x1p-27)
		return x;
	DD r;
	int n = reduce(x, &r);
	DD s = sin_kernel(r), c = cos_kernel(r);
	DD q = (n & 1) ? dd_neg(dd_div(c, s)) : dd_div(s, c);
	return q.hi + q.lo;
}

double atan(double x)
{
	if (is_nan(x))
		return x + x;
	double a = abs_of(x);
	if (a < 0x1p-27)
		return x;
	DD v;
	if (a > 0x1p60)
		v = dd(tables::kPio2);
	else if (a <= 1)
		v = atan_unit(DD{a, 0});
	else
		v = dd_add(dd(tables::kPio2), dd_neg(atan_unit(dd_div(DD{1, 0}, DD{a, 0}))));
	return with_sign(v.hi + v.lo, sign_of(x));
}

double atan2(double y, double x)
{
	if (is_nan(x) || is_nan(y))
		return x + y;
	bool neg_y = sign_of(y), neg_x = sign_of(x);
	double ay = abs_of(y), ax = abs_of(x);
	DD v;
	if (y == 0)
		return neg_x ? with_sign(tables::kPi.hi, neg_y) : y;
	if (is_inf(x)) {
		if (is_inf(y))
			v = neg_x ? dd(tables::kThreePio4) : dd(tables::kPio4);
		else
			v = neg_x ? dd(tables::kPi) : DD{0, 0};
	} else if (x == 0 || is_inf(y)) {
		v = dd(tables::kPio2);
	} else {
		int ey = biased_exponent(ay), ex = biased_exponent(ax);
		if (ey - ex > 60) {
			v = dd(tables::kPio2); // pi/2 -+ a quotient below 2^-60
		} else if (ex - ey > 60) {
			if (!neg_x)
				return y / x; // atan of a tiny quotient is the quotient
			v = dd(tables::kPi);
		} else {
			v = atan_ratio(ay, ax);
			if (neg_x)
				v = dd_add(dd(tables::kPi), dd_neg(v));
		}
	}
	return with_sign(v.hi + v.lo, neg_y);
}

double asin(double x)
{
	if (is_nan(x))
		return x + x;
	double a = abs_of(x);
	if (a > 1)
		return kNan;
	if (a < 0x1p-26)
		return x;
	DD v;
	if (a <= 0.5) {
		v = asin_small(DD{a, 0});
	} else {
		// pi/2 - 2 asin(sqrt((1 - a) / 2)); (1 - a) / 2 is exact.
		DD s = dd_sqrt(DD{(1 - a) * 0.5, 0});
		DD t = asin_small(s);
		v = dd_add(dd(tables::kPio2), DD{-2 * t.hi, -2 * t.lo});
	}
	return with_sign(v.hi + v.lo, sign_of(x));
}

double acos(double x)
{
	if (is_nan(x))
		return x + x;
	double a = abs_of(x);
	if (a > 1)
		return kNan;
	DD v;
	if (a <= 0.5) {
		DD as = asin_small(DD{a, 0});
		v = dd_add(dd(tables::kPio2), sign_of(x) ? as : dd_neg(as));
	} else {
		DD s = dd_sqrt(DD{(1 - a) * 0.5, 0});
		DD t = asin_small(s);
		DD twice = {2 * t.hi, 2 * t.lo};
		v = sign_of(x) ? dd_add(dd(tables::kPi), dd_neg(twice)) : twice;
	}
	return v.hi + v.lo;
}

// ---- roots and distances -------------------------------------------------------------------

double sqrt(double x) { return __builtin_sqrt(x); }

double cbrt(double x)
{
	if (is_nan(x) || is_inf(x) || x == 0)
		return x + x;
	double a = abs_of(x);
	int adjust = 0;
	if (biased_exponent(a) == 0) {
		a *= pow2(54);
		adjust = -18;
	}
	// A first guess from the exponent divided by 3, then Newton steps.
	int e = biased_exponent(a) - 1023;
	int q = (e >= 0 ? e : e - 2) / 3; // floor(e / 3)
	double m = scale(a, -3 * q);       // in [1, 8)
	double t = 1.0 + (m - 1.0) * 0.25;  // rough cube root of m
	for (int i = 0; i < 6; i++)
		t = t - (t * t * t - m) / (3 * t * t);
	// One correction from the exact residual m - t^3.
	DD t2 = two_prod(t, t);
	DD t3 = dd_mul_d(t2, t);
	double res = ((m - t3.hi) - t3.lo) / (3 * t * t);
	double r = scale(t + res, q + adjust);
	return with_sign(r, sign_of(x));
}

double hypot(double x, double y)
{
	if (is_inf(x) || is_inf(y))
		return kInf;
	if (is_nan(x) || is_nan(y))
		return x + y;
	double a = abs_of(x), b = abs_of(y);
	if (a < b) {
		double t = a;
		a = b;
		b = t;
	}
	if (b == 0)
		return a;
	int ea = biased_exponent(a), eb = biased_exponent(b);
	if (ea - eb > 60)
		return a + b;
	int k = 0;
	if (ea > 1023 + 500) {
		k = 600;
	} else if (eb < 1023 - 500) {
		k = -600;
	}
	a = scale(a, -k);
	b = scale(b, -k);
	DD s = dd_add(two_prod(a, a), two_prod(b, b));
	DD r = dd_sqrt(s);
	return scale(r.hi + r.lo, k);
}

// ---- rounding and pieces ---------------------------------------------------------------------

double fabs(double x) { return abs_of(x); }
double copysign(double x, double y) { return with_sign(x, sign_of(y)); }

double trunc(double x)
{
	int e = biased_exponent(x) - 1023;
	if (e >= 52)
		return x; // integral, infinite or NaN
	if (e < 0)
		return with_sign(0.0, sign_of(x));
	uint64_t mask = (1ull << (52 - e)) - 1;
	return from_bits(bits_of(x) & ~mask);
}

double floor(double x)
{
	double t = trunc(x);
	return (t != x && sign_of(x) && !is_nan(x)) ? t - 1.0 : t;
}

double ceil(double x)
{
	double t = trunc(x);
	if (t != x && !sign_of(x) && !is_nan(x))
		return t + 1.0;
	return t == 0 && sign_of(x) ? with_sign(0.0, true) : t;
}

double round(double x)
{
	double t = trunc(x);
	if (abs_of(x - t) >= 0.5)
		t += sign_of(x) ? -1.0 : 1.0;
	return t;
}

double rint(double x)
{
	if (biased_exponent(x) - 1023 >= 52)
		return x;
	double a = abs_of(x);
	double r = (a + 0x1p52) - 0x1p52; // round to nearest, ties to even
	return with_sign(r, sign_of(x));
}

double modf(double x, double *ip)
{
	double t = trunc(x);
	*ip = t;
	if (is_inf(x))
		return with_sign(0.0, sign_of(x));
	return with_sign(x - t, sign_of(x));
}

double frexp(double x, int *e)
{
	*e = 0;
	if (x == 0 || is_nan(x) || is_inf(x))
		return x;
	int adjust = 0;
	if (biased_exponent(x) == 0) {
		x *= pow2(54);
		adjust = -54;
	}
	*e = biased_exponent(x) - 1022 + adjust;
	return from_bits((bits_of(x) & ~(0x7ffull << 52)) | (1022ull << 52));
}

double ldexp(double x, int e)
{
	if (x == 0 || is_nan(x) || is_inf(x))
		return x;
	if (e > 2200)
		e = 2200;
	if (e < -2200)
		e = -2200;
	return scale(x, e);
}

double fmin(double x, double y)
{
	if (is_nan(x))
		return y;
	if (is_nan(y))
		return x;
	if (x == y)
		return sign_of(x) ? x : y;
	return x < y ? x : y;
}

double fmax(double x, double y)
{
	if (is_nan(x))
		return y;
	if (is_nan(y))
		return x;
	if (x == y)
		return sign_of(x) ? y : x;
	return x > y ? x : y;
}

double fdim(double x, double y)
{
	if (is_nan(x) || is_nan(y))
		return x + y;
	return x > y ? x - y : 0.0;
}

// The remainder of x / y with the sign of x, exactly: the mantissas as
// integers, reduced ten bits at a time (at most 210 steps for the widest
// exponent gap, 2098 bits).
double fmod(double x, double y)
{
	if (is_nan(x) || is_nan(y) || is_inf(x) || y == 0)
		return (x * y) / (x * y);
	if (is_inf(y))
		return x;
	double ax = abs_of(x), ay = abs_of(y);
	if (ax < ay)
		return x;
	auto unpack = [](double v, int *exp) -> uint64_t {
		int be = biased_exponent(v);
		uint64_t mant = bits_of(v) & 0x000fffffffffffffull;
		if (be == 0) { // subnormal: normalise
			int shift = __builtin_clzll(mant) - 11;
			*exp = 1 - 1075 - shift;
			return mant << shift;
		}
		*exp = be - 1075;
		return mant | (1ull << 52);
	};
	int ex, ey;
	uint64_t mx = unpack(ax, &ex), my = unpack(ay, &ey);
	mx = mod_u64(mx, my);
	while (ex > ey && mx) { // 10 bits per step keeps mx < 2^63
		int step = ex - ey < 10 ? ex - ey : 10;
		mx = mod_u64(mx << step, my);
		ex -= step;
	}
	if (!mx)
		return with_sign(0.0, sign_of(x));
	// mx * 2^ey, exact (it is below y).
	double r = scale(double_of(mx), ey);
	return with_sign(r, sign_of(x));
}

} // namespace tx::math
