/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_math.h - the kernel math library (tactus_math.ko, loadable as
 * RTAI's rtai_math): the C library's math functions for kernel modules.
 *
 * Call them from real-time tasks created with uses_fpu = 1 (the co-kernel
 * saves their FPU state), from code compiled with the FPU flags
 * (mk/tactus-fpu.mk). From Linux context (module init), only between
 * kernel_fpu_begin()/kernel_fpu_end() (x86) or kernel_neon_begin()/_end()
 * (arm64).
 *
 * Every function is faithfully rounded (within 1 ulp of the exact value;
 * most results are the correctly rounded one) and handles zeros,
 * infinities and NaN as C99 Annex F says; the library assumes
 * round-to-nearest and sets neither errno nor the FPU's exception flags.
 * Each runs in bounded time: a fixed sequence of operations, except fmod,
 * at most 210 steps of 10 bits. The float forms compute in double.
 */
#ifndef _RTAI_MATH_H
#define _RTAI_MATH_H

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define signbit(x) __builtin_signbit(x)

#ifdef __cplusplus
extern "C" {
#endif

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
double nearbyint(double x);
double fmod(double x, double y);
double modf(double x, double *ip);
double frexp(double x, int *e);
double ldexp(double x, int e);
double scalbn(double x, int e);
double copysign(double x, double y);
double fmin(double x, double y);
double fmax(double x, double y);
double fdim(double x, double y);
long lround(double x);
long lrint(double x);

float sinf(float x);
float cosf(float x);
float tanf(float x);
float asinf(float x);
float acosf(float x);
float atanf(float x);
float atan2f(float y, float x);
float sinhf(float x);
float coshf(float x);
float tanhf(float x);
float expf(float x);
float logf(float x);
float log10f(float x);
float powf(float x, float y);
float sqrtf(float x);
float fabsf(float x);
float floorf(float x);
float ceilf(float x);
float roundf(float x);
float fmodf(float x, float y);
float hypotf(float x, float y);

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_MATH_H */
