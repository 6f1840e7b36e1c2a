// SPDX-License-Identifier: GPL-2.0
// math/linux/exports.cpp - the C names of the math library (rtai_math.h),
// for tactus_math.ko only: the host tests call tx::math directly (their C
// library has these names). Compiled with the FPU flags, like libm.cpp.
#include <rtai_math.h>

#include "../libm.hpp"

namespace m = tx::math;

extern "C" {

double sin(double x) { return m::sin(x); }
double cos(double x) { return m::cos(x); }
double tan(double x) { return m::tan(x); }
void sincos(double x, double *s, double *c) { m::sincos(x, s, c); }
double asin(double x) { return m::asin(x); }
double acos(double x) { return m::acos(x); }
double atan(double x) { return m::atan(x); }
double atan2(double y, double x) { return m::atan2(y, x); }
double sinh(double x) { return m::sinh(x); }
double cosh(double x) { return m::cosh(x); }
double tanh(double x) { return m::tanh(x); }
double asinh(double x) { return m::asinh(x); }
double acosh(double x) { return m::acosh(x); }
double atanh(double x) { return m::atanh(x); }
double exp(double x) { return m::exp(x); }
double exp2(double x) { return m::exp2(x); }
double expm1(double x) { return m::expm1(x); }
double log(double x) { return m::log(x); }
double log2(double x) { return m::log2(x); }
double log10(double x) { return m::log10(x); }
double log1p(double x) { return m::log1p(x); }
double pow(double x, double y) { return m::pow(x, y); }
double sqrt(double x) { return m::sqrt(x); }
double cbrt(double x) { return m::cbrt(x); }
double hypot(double x, double y) { return m::hypot(x, y); }
double fabs(double x) { return m::fabs(x); }
double floor(double x) { return m::floor(x); }
double ceil(double x) { return m::ceil(x); }
double trunc(double x) { return m::trunc(x); }
double round(double x) { return m::round(x); }
double rint(double x) { return m::rint(x); }
double nearbyint(double x) { return m::rint(x); } // no exception flags either way
double fmod(double x, double y) { return m::fmod(x, y); }
double modf(double x, double *ip) { return m::modf(x, ip); }
double frexp(double x, int *e) { return m::frexp(x, e); }
double ldexp(double x, int e) { return m::ldexp(x, e); }
double scalbn(double x, int e) { return m::ldexp(x, e); }
double copysign(double x, double y) { return m::copysign(x, y); }
double fmin(double x, double y) { return m::fmin(x, y); }
double fmax(double x, double y) { return m::fmax(x, y); }
double fdim(double x, double y) { return m::fdim(x, y); }
// Out of long's range (or NaN): LONG_MIN, what x86's conversion gives.
long lround(double x)
{
	double r = m::round(x);
	return r >= -0x1p63 && r < 0x1p63 ? static_cast<long>(r) : (-0x7fffffffffffffffL - 1);
}
long lrint(double x)
{
	double r = m::rint(x);
	return r >= -0x1p63 && r < 0x1p63 ? static_cast<long>(r) : (-0x7fffffffffffffffL - 1);
}

float sinf(float x) { return static_cast<float>(m::sin(x)); }
float cosf(float x) { return static_cast<float>(m::cos(x)); }
float tanf(float x) { return static_cast<float>(m::tan(x)); }
float asinf(float x) { return static_cast<float>(m::asin(x)); }
float acosf(float x) { return static_cast<float>(m::acos(x)); }
float atanf(float x) { return static_cast<float>(m::atan(x)); }
float atan2f(float y, float x) { return static_cast<float>(m::atan2(y, x)); }
float sinhf(float x) { return static_cast<float>(m::sinh(x)); }
float coshf(float x) { return static_cast<float>(m::cosh(x)); }
float tanhf(float x) { return static_cast<float>(m::tanh(x)); }
float expf(float x) { return static_cast<float>(m::exp(x)); }
float logf(float x) { return static_cast<float>(m::log(x)); }
float log10f(float x) { return static_cast<float>(m::log10(x)); }
float powf(float x, float y) { return static_cast<float>(m::pow(x, y)); }
float sqrtf(float x) { return __builtin_sqrtf(x); }
float fabsf(float x) { return static_cast<float>(m::fabs(x)); }
float floorf(float x) { return static_cast<float>(m::floor(x)); }
float ceilf(float x) { return static_cast<float>(m::ceil(x)); }
float roundf(float x) { return static_cast<float>(m::round(x)); }
float fmodf(float x, float y) { return static_cast<float>(m::fmod(x, y)); }
float hypotf(float x, float y) { return static_cast<float>(m::hypot(x, y)); }

} // extern "C"
