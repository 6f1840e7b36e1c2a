# mk/cxx-flags.mk - how the freestanding C++ core is compiled for a kernel.
# Included by the Kbuild of the modules and by `make check-freestanding`, so
# that the check cannot pass on code the kernel build would reject.

# C++ on top of the kernel's own C flags (which the Kbuild rule inherits).
TX_CXX_FREESTANDING := -std=gnu++20 -ffreestanding -fno-exceptions -fno-rtti \
	-fno-threadsafe-statics -fno-use-cxa-atexit -fcheck-new -nostdinc \
	-fno-asynchronous-unwind-tables -DTX_KERNEL

TX_CXX_arm64 := -fno-pie -mgeneral-regs-only -mno-outline-atomics
TX_CXX_x86_64 := -fno-pie -mno-sse -mno-mmx -mno-sse2 -mno-red-zone -mcmodel=kernel -mno-80387
# 32-bit ARM (issue 18's port, Debian's armmp: ARM state, ARMv7-A, soft-float ABI).
TX_CXX_arm := -fno-pie -marm -march=armv7-a -mabi=aapcs-linux -mfloat-abi=soft -mtls-dialect=gnu

# The kernel's C-only flags that g++ rejects: filtered out of the inherited
# KBUILD_CFLAGS before they reach C++.
TX_CXX_DROP := -std=gnu11 -std=gnu99 -Werror=implicit-function-declaration \
	-Werror=implicit-int -Werror=strict-prototypes -Werror=incompatible-pointer-types \
	-Werror=designated-init -Wmissing-prototypes -Wno-pointer-sign -Wno-override-init \
	-Wstrict-prototypes -Wno-old-style-declaration -Wdeclaration-after-statement \
	-Wno-discarded-qualifiers -Wimplicit-fallthrough=5

# Kbuild names x86_64 "x86" (SRCARCH).
TX_CXX_x86 := $(TX_CXX_x86_64)
