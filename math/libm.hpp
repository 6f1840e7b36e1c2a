// SPDX-License-Identifier: GPL-2.0
// math/libm.hpp - the kernel math library (tactus_math.ko, RTAI's rtai_math):
// the C library's double functions for real-time tasks that use the FPU.
//
// Written for bounded time and accuracy, not speed: every function is a
// fixed sequence of operations (argument reduction, a polynomial of fixed
// degree, a reconstruction) except fmod, whose loop is bounded by the
// exponent difference of its arguments (at most 2098 bits, 210 steps).
// Accuracy: the transcendental functions carry their intermediate results
// as double-double pairs where cancellation or error growth would cost
// bits, and are checked over millions of arguments against glibc's long
// double functions (tests/host/math_test.cpp): every result within 1 ulp
// of the exact value (faithfully rounded; worst measured 0.89 ulp, tan),
// special values (zeros, infinities, NaN) as C99 Annex F says.
// The library assumes round-to-nearest and sets no errno and no
// floating-point exception flags on purpose.
//
// Compiled with the FPU enabled and -ffp-contract=off (Kbuild): the
// double-double steps rely on each product and sum being rounded on its
// own, so no fused multiply-add may be formed. No function calls out of
// this file (sqrt is the CPU's instruction).
#pragma once

namespace tx::math {

double sin(double x);
double cos(double x);
double tan(double x);
void sincos(double x, double *s, double *c);
double asin(double x);
double acos(double x);
double atan(double x);
double atan2(double y, double x);
double sinh(double x);
double cosh(double x);
double tanh(double x);
double asinh(double x);
double acosh(double x);
double atanh(double x);
double exp(double x);
double exp2(double x);
double expm1(double x);
double log(double x);
double log2(double x);
double log10(double x);
double log1p(double x);
double pow(double x, double y);
double sqrt(double x);
double cbrt(double x);
double hypot(double x, double y);
double fabs(double x);
double floor(double x);
double ceil(double x);
double trunc(double x);
double round(double x);
double rint(double x);
double fmod(double x, double y);
double modf(double x, double *ip);
double frexp(double x, int *e);
double ldexp(double x, int e);
double copysign(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
double fdim(double x, double y);

} // namespace tx::math
