# sources.mk - every source file of the Tactus modules and of the host tests.
# Read by Kbuild (each module's objects), tests/host/CMakeLists.txt (the host
# library) and tools/check-freestanding.sh; the last two ask make for a list
# (mk/print.mk), so any make syntax works here.
#
# Adding a file is one line in the list it belongs to, tab-indented, path from
# the repository root:
#   TX_<MODULE>_FREESTANDING  freestanding C++ (the core and the RTAI API):
#                   built into tactus_<module>.ko and into the host tests, and
#                   checked by `make check-freestanding`;
#   TX_<MODULE>_LINUX  the module's Linux glue (C with kernel headers, and the
#                   C++ bridges that give the core C linkage): module only;
#   TX_PORT_<SRCARCH>  an architecture's port (Kbuild's SRCARCH: arm64, x86, arm),
#                   linked into tactus_hal.ko;
#   TX_HOST_PORT_SOURCES  the host port: host tests only.
# A new module is a new pair of lists here and one line in Kbuild.

# ---- tactus_hal: the interrupt layer under Linux -----------------------------
TX_HAL_LINUX := \
	hal/linux/hal_module.c \
	hal/linux/irq_linux.c \
	hal/linux/fault.c

TX_HAL_FREESTANDING := \
	hal/linux_work.cpp \
	hal/rt_log.cpp \
	hal/irq_lines.cpp \
	hal/srq.cpp \
	api/rtai_irq.cpp \
	lib/format.cpp

TX_PORT_arm64 := \
	arch/arm64/port.c \
	arch/arm64/switch.S \
	arch/arm64/irq.c \
	arch/arm64/fault.c

TX_PORT_arm := \
	arch/arm/port.c \
	arch/arm/switch.S \
	arch/arm/irq.c \
	arch/arm/fault.c

TX_PORT_x86 := \
	arch/x86/port.c \
	arch/x86/switch.S \
	arch/x86/irq.c \
	arch/x86/hpet.c \
	arch/x86/timer_mux.c \
	arch/x86/nmi.c \
	arch/x86/checks.c \
	arch/x86/fault.c \
	arch/x86/halt.c

# ---- tactus_sched: tasks, timers, semaphores, mailboxes, messages ------------
TX_SCHED_LINUX := \
	sched/linux/sched_module.c \
	sched/linux/calibrate.c \
	sched/linux/kthreads.c \
	sched/linux/posix_exports.c

TX_SCHED_FREESTANDING := \
	sched/timer_queue.cpp \
	sched/scheduler.cpp \
	sched/tasks.cpp \
	sched/timers.cpp \
	sched/faults.cpp \
	sched/user_timers.cpp \
	sched/wait.cpp \
	sched/poll.cpp \
	sched/pi.cpp \
	sched/info.cpp \
	ipc/semaphore.cpp \
	ipc/mailbox.cpp \
	ipc/message.cpp \
	ipc/event_flags.cpp \
	ipc/poll.cpp \
	ipc/message_queue.cpp \
	lib/muldiv.cpp \
	api/rtai_sched.cpp \
	api/rtai_hal.cpp \
	api/rtai_timer.cpp \
	api/rtai_ipc.cpp \
	ipc/names.cpp \
	api/rtai_registry.cpp \
	api/rtai_tasklets.cpp \
	api/rtai_irq_tasks.cpp \
	api/rtai_bits.cpp \
	api/rtai_qnx.cpp \
	api/rtai_kthreads.cpp \
	api/msgq_bridge.cpp \
	api/posix_time.cpp \
	api/posix_threads.cpp \
	api/posix_sync.cpp \
	api/posix_mqueue.cpp \
	api/posix_timers.cpp

# ---- tactus_fifo: the RT-FIFOs, /dev/rtf* ------------------------------------
TX_FIFO_LINUX := \
	fifo/linux/fifo_module.c \
	fifo/linux/fifo_bridge.cpp

TX_FIFO_FREESTANDING := \
	fifo/ring.cpp \
	fifo/fifo.cpp \
	api/rtai_fifos.cpp

# ---- tactus_shm: named shared memory -----------------------------------------
TX_SHM_LINUX := \
	shm/linux/shm_module.c \
	shm/linux/shm_bridge.cpp \
	shm/linux/pages.c

TX_SHM_FREESTANDING := \
	shm/registry.cpp \
	lib/tlsf.cpp \
	shm/heap.cpp \
	api/rtai_shm.cpp \
	api/rtai_tbx.cpp

# ---- tactus_math: the kernel math library (RTAI's rtai_math) ---------------
# Built with the FPU enabled (Kbuild, check-freestanding): only FPU tasks,
# or Linux code between kernel_fpu_begin/end, may call it.
TX_MATH_LINUX := \
	math/linux/math_module.c

TX_MATH_FREESTANDING := \
	math/libm.cpp

# Compiled into the module but not into the host tests: the C names (sin,
# cos...), which the host's libm has too.
TX_MATH_EXPORTS := \
	math/linux/exports.cpp

# ---- the host tests' port ----------------------------------------------------
TX_HOST_PORT_SOURCES := \
	arch/host/port.cpp \
	arch/host/switch_x86_64.S

# ---- derived -----------------------------------------------------------------
# The freestanding C++ of every module: the host tests and check-freestanding.
TX_FREESTANDING_SOURCES := $(TX_HAL_FREESTANDING) $(TX_SCHED_FREESTANDING) \
	$(TX_FIFO_FREESTANDING) $(TX_SHM_FREESTANDING) $(TX_MATH_FREESTANDING)
