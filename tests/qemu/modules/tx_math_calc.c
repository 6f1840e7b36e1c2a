// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_math_calc.c - the FPU task of tx_math, compiled
 * with the FPU flags (TACTUS_FPU_OBJS, mk/tactus-fpu.mk): the math library
 * (rtai_math.h, tactus_math.ko) called from a real-time task on fixed
 * arguments, each result within 2 ulps of glibc's (which the host tests
 * show is itself up to 2 ulps from exact for some functions; ours are
 * within 1), and identities over a sweep of angles and values.
 */
#include <rtai_math.h>
#include <rtai_sched.h>

#include "tx_math.h"

typedef double (*fn1)(double);
typedef double (*fn2)(double, double);

struct math_case {
	const char *name;
	fn1 f1;
	fn2 f2;
	double x, y, expected; /* glibc on x86_64 */
};

#define CASE1(f, a, r) { #f, f, 0, a, 0, r }
#define CASE2(f, a, b, r) { #f, 0, f, a, b, r }

static const struct math_case cases[] = {
	CASE1(sin, 0x1.0000000000000p-1, 0x1.eaee8744b05f0p-2),
	CASE1(sin, 0x1.8000000000000p+1, 0x1.210386db6d55bp-3),
	CASE1(sin, 0x1.e848000000000p+19, -0x1.6664b2568d867p-2),
	CASE1(sin, 0x1.7e43c8800759cp+996, -0x1.a2c16b010e385p-1),
	CASE1(cos, 0x1.0000000000000p-1, 0x1.c1528065b7d50p-1),
	CASE1(cos, -0x1.4000000000000p+1, -0x1.9a2f7ef858b7dp-1),
	CASE1(cos, 0x1.0f0cf064dd592p+73, 0x1.0be2cef01c8f4p-1),
	CASE1(tan, 0x1.0000000000000p+0, 0x1.8eb245cbee3a6p+0),
	CASE1(tan, -0x1.8000000000000p+0, -0x1.c33ed50b88777p+3),
	CASE1(asin, 0x1.3333333333333p-2, 0x1.380159e14f6ffp-2),
	CASE1(asin, -0x1.ccccccccccccdp-1, -0x1.1ea93705fa172p+0),
	CASE1(acos, 0x1.3333333333333p-2, 0x1.441f5ecbeef59p+0),
	CASE1(acos, -0x1.fae147ae147aep-1, 0x1.8001be1bc011bp+1),
	CASE1(atan, 0x1.6666666666666p-1, 0x1.38b112d7bd4adp-1),
	CASE1(atan, -0x1.9000000000000p+5, -0x1.8d0129acd6d1cp+0),
	CASE2(atan2, 0x1.0000000000000p+0, -0x1.0000000000000p+1, 0x1.56c6e7397f5aep+1),
	CASE2(atan2, -0x1.8000000000000p+1, 0x1.0000000000000p-1, -0x1.67d8863bc99bdp+0),
	CASE1(sinh, 0x1.999999999999ap-1, 0x1.c6b5d3c9c16efp-1),
	CASE1(cosh, 0x1.c000000000000p+1, 0x1.092a4a33c887bp+4),
	CASE1(tanh, 0x1.999999999999ap-2, 0x1.8511573c242d6p-2),
	CASE1(asinh, 0x1.0000000000000p+1, 0x1.719218313d087p+0),
	CASE1(acosh, 0x1.8000000000000p+1, 0x1.c34366179d427p+0),
	CASE1(atanh, 0x1.3333333333333p-1, 0x1.62e42fefa39efp-1),
	CASE1(exp, 0x1.0000000000000p+0, 0x1.5bf0a8b145769p+1),
	CASE1(exp, -0x1.4800000000000p+4, 0x1.57a3afeed00abp-30),
	CASE1(exp, 0x1.5e00000000000p+9, 0x1.d945df4f8ec8ep+1009),
	CASE1(exp2, 0x1.499999999999ap+3, 0x1.3b2c47bff832cp+10),
	CASE1(expm1, 0x1.4f8b588e368f1p-17, 0x1.4f8bc681cdfb6p-17),
	CASE1(log, 0x1.4000000000000p+3, 0x1.26bb1bbb55516p+1),
	CASE1(log, 0x1.56e1fc2f8f359p-997, -0x1.5963447f87fb5p+9),
	CASE1(log2, 0x1.8000000000000p+1, 0x1.95c01a39fbd68p+0),
	CASE1(log10, 0x1.0000000000000p+1, 0x1.34413509f79ffp-2),
	CASE1(log1p, 0x1.5798ee2308c3ap-27, 0x1.5798ee0636111p-27),
	CASE2(pow, 0x1.0000000000000p+1, 0x1.0000000000000p-1, 0x1.6a09e667f3bcdp+0),
	CASE2(pow, 0x1.4000000000000p+3, -0x1.a666666666666p+1, 0x1.06c4363887513p-11),
	CASE2(pow, -0x1.0000000000000p+1, 0x1.6000000000000p+3, -0x1.0000000000000p+11),
	CASE2(pow, 0x1.00068db8bac71p+0, 0x1.1170000000000p+16, 0x1.120ff6a767154p+10),
	CASE1(sqrt, 0x1.0000000000000p+1, 0x1.6a09e667f3bcdp+0),
	CASE2(hypot, 0x1.f5aa543c31387p+665, 0x1.4e718d7d7625ap+666, 0x1.a20df0dcd3af0p+666),
	CASE2(fmod, 0x1.5000000000000p+3, 0x1.8000000000000p+1, 0x1.8000000000000p+0),
	CASE2(fmod, 0x1.7e43c8800759cp+996, 0x1.c000000000000p+2, 0x1.0000000000000p+0),
	CASE1(cbrt, -0x1.b800000000000p+4, -0x1.825b1b6bac03bp+1),
	CASE1(floor, -0x1.4000000000000p+1, -0x1.8000000000000p+1),
	CASE1(ceil, -0x1.4000000000000p+1, -0x1.0000000000000p+1),
	CASE1(round, 0x1.4000000000000p+1, 0x1.8000000000000p+1),
	CASE1(trunc, -0x1.f99999999999ap+2, -0x1.c000000000000p+2),
};

static long long ulps_apart(double a, double b)
{
	union { double d; long long i; } ua = { a }, ub = { b };
	long long ia = ua.i < 0 ? (long long)(0x8000000000000000ULL - (unsigned long long)ua.i) : ua.i;
	long long ib = ub.i < 0 ? (long long)(0x8000000000000000ULL - (unsigned long long)ub.i) : ub.i;

	return ia > ib ? ia - ib : ib - ia;
}

const char *tx_math_case_name(int i) { return i >= 0 && i < (int)(sizeof(cases) / sizeof(cases[0])) ? cases[i].name : "?"; }

void tx_math_body(long arg)
{
	struct tx_math_result *r = (struct tx_math_result *)arg;
	int i;

	r->cases = sizeof(cases) / sizeof(cases[0]);
	r->first_failed = -1;
	for (i = 0; i < r->cases; i++) {
		const struct math_case *c = &cases[i];
		double v = c->f1 ? c->f1(c->x) : c->f2(c->x, c->y);
		long long u = ulps_apart(v, c->expected);

		if (u > r->worst_ulps)
			r->worst_ulps = u;
		if (u <= 2)
			r->passed++;
		else if (r->first_failed < 0)
			r->first_failed = i;
	}
	for (i = -2000; i <= 2000; i++) {
		double t = i * 0.01, s = sin(t), c = cos(t), v = exp(t * 0.3);

		if (fabs(s * s + c * c - 1) > 4e-16 || fabs(log(v) - t * 0.3) > 1e-15 * (1 + fabs(t)) ||
		    (fabs(t) < 3.1 && fabs(atan2(s, c) - t) > 1e-15 * (1 + fabs(t))))
			r->identities_failed++;
	}
}
