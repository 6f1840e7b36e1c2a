# mk/tactus-fpu.mk - Kbuild recipe for a real-time task that uses floating
# point (rt_task_init(..., uses_fpu = 1, ...)).
#
# The kernel is compiled without FP/SIMD registers (arm64: -mgeneral-regs-only),
# so FP code in a module needs different flags for the files that hold it.
# In the module's Kbuild, list those objects, then include this file:
#
#     obj-m := my_task.o
#     my_task-y := my_task_main.o my_task_calc.o
#     TACTUS_FPU_OBJS := my_task_calc.o
#     include $(src)/<path to the Tactus tree>/mk/tactus-fpu.mk
#
# For each object in TACTUS_FPU_OBJS this adds what the kernel's own FP users
# (lib/raid6 NEON code) do:
#     CFLAGS_REMOVE_<obj> += -mgeneral-regs-only $(CC_FLAGS_NO_FPU)
#     CFLAGS_<obj>        += $(CC_FLAGS_FPU)
#
# Rules for the FP files (the co-kernel saves and restores the FP/SIMD
# registers only around tasks created with uses_fpu != 0):
#  - only code that runs in such a task may be compiled with these flags:
#    the compiler uses SIMD registers freely in an FP unit (also for plain
#    copies and struct zeroing), and module init/exit or any other Linux
#    context code would then clobber the FP state of the interrupted user
#    program. Keep init/exit and Linux-side code in a normally compiled file;
#  - the FP file should include only what it needs (rtai_*.h, no Linux
#    headers that declare inline functions of their own), and pass results
#    to the normal file as integers;
#  - x86_64: CC_FLAGS_FPU (-msse -msse2 -mhard-float) comes after the kernel's
#    -mno-sse -mno-sse2 -mno-80387 and wins; -mno-avx stays, and must: the
#    port saves x87/SSE state only (fxsave).
#
# Used by tests/qemu/modules/Kbuild (tx_fpu) and tested by
# tests/qemu/scripts/sched-fpu.sh.

# Kernels before 6.2 (Debian 12's 6.1) do not define the x86 flags: 6.12's.
ifeq ($(SRCARCH),x86)
CC_FLAGS_FPU ?= -msse -msse2 -mhard-float
endif

$(foreach o,$(TACTUS_FPU_OBJS),\
  $(eval CFLAGS_REMOVE_$(o) += -mgeneral-regs-only $(CC_FLAGS_NO_FPU))\
  $(eval CFLAGS_$(o) += $(CC_FLAGS_FPU)))
