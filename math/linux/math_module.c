// SPDX-License-Identifier: GPL-2.0
/*
 * math/linux/math_module.c - tactus_math.ko: the kernel math library
 * (math/libm.cpp, rtai_math.h), loadable by RTAI's name rtai_math. The
 * functions are in the FPU-compiled objects; this file only exports them
 * (it takes their addresses, never calls them: it is compiled without the
 * FPU).
 */
#include <linux/module.h>

#include <rtai_math.h>

static int __init tactus_math_init(void)
{
	pr_info("tactus: math library ready (rtai_math.h; call it from FPU tasks)\n");
	return 0;
}

static void __exit tactus_math_exit(void) { }

module_init(tactus_math_init);
module_exit(tactus_math_exit);

EXPORT_SYMBOL_GPL(sin);
EXPORT_SYMBOL_GPL(cos);
EXPORT_SYMBOL_GPL(tan);
EXPORT_SYMBOL_GPL(sincos);
EXPORT_SYMBOL_GPL(asin);
EXPORT_SYMBOL_GPL(acos);
EXPORT_SYMBOL_GPL(atan);
EXPORT_SYMBOL_GPL(atan2);
EXPORT_SYMBOL_GPL(sinh);
EXPORT_SYMBOL_GPL(cosh);
EXPORT_SYMBOL_GPL(tanh);
EXPORT_SYMBOL_GPL(asinh);
EXPORT_SYMBOL_GPL(acosh);
EXPORT_SYMBOL_GPL(atanh);
EXPORT_SYMBOL_GPL(exp);
EXPORT_SYMBOL_GPL(exp2);
EXPORT_SYMBOL_GPL(expm1);
EXPORT_SYMBOL_GPL(log);
EXPORT_SYMBOL_GPL(log2);
EXPORT_SYMBOL_GPL(log10);
EXPORT_SYMBOL_GPL(log1p);
EXPORT_SYMBOL_GPL(pow);
EXPORT_SYMBOL_GPL(sqrt);
EXPORT_SYMBOL_GPL(cbrt);
EXPORT_SYMBOL_GPL(hypot);
EXPORT_SYMBOL_GPL(fabs);
EXPORT_SYMBOL_GPL(floor);
EXPORT_SYMBOL_GPL(ceil);
EXPORT_SYMBOL_GPL(trunc);
EXPORT_SYMBOL_GPL(round);
EXPORT_SYMBOL_GPL(rint);
EXPORT_SYMBOL_GPL(nearbyint);
EXPORT_SYMBOL_GPL(fmod);
EXPORT_SYMBOL_GPL(modf);
EXPORT_SYMBOL_GPL(frexp);
EXPORT_SYMBOL_GPL(ldexp);
EXPORT_SYMBOL_GPL(scalbn);
EXPORT_SYMBOL_GPL(copysign);
EXPORT_SYMBOL_GPL(fmin);
EXPORT_SYMBOL_GPL(fmax);
EXPORT_SYMBOL_GPL(fdim);
EXPORT_SYMBOL_GPL(lround);
EXPORT_SYMBOL_GPL(lrint);
EXPORT_SYMBOL_GPL(sinf);
EXPORT_SYMBOL_GPL(cosf);
EXPORT_SYMBOL_GPL(tanf);
EXPORT_SYMBOL_GPL(asinf);
EXPORT_SYMBOL_GPL(acosf);
EXPORT_SYMBOL_GPL(atanf);
EXPORT_SYMBOL_GPL(atan2f);
EXPORT_SYMBOL_GPL(sinhf);
EXPORT_SYMBOL_GPL(coshf);
EXPORT_SYMBOL_GPL(tanhf);
EXPORT_SYMBOL_GPL(expf);
EXPORT_SYMBOL_GPL(logf);
EXPORT_SYMBOL_GPL(log10f);
EXPORT_SYMBOL_GPL(powf);
EXPORT_SYMBOL_GPL(sqrtf);
EXPORT_SYMBOL_GPL(fabsf);
EXPORT_SYMBOL_GPL(floorf);
EXPORT_SYMBOL_GPL(ceilf);
EXPORT_SYMBOL_GPL(roundf);
EXPORT_SYMBOL_GPL(fmodf);
EXPORT_SYMBOL_GPL(hypotf);

MODULE_LICENSE("GPL");
MODULE_ALIAS("rtai_math"); /* RTAI's module name */
MODULE_DESCRIPTION("Tactus real-time co-kernel: the kernel math library (rtai_math.h)");
