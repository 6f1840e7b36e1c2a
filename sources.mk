# sources.mk - source lists shared by the Makefile, Kbuild and CMake.
# One file per line, tab-indented; paths relative to the repository root.

# The freestanding core: compiled into the kernel modules and the host tests.
TX_CORE_SOURCES := \
	lib/muldiv.cpp \
	lib/format.cpp \
	hal/linux_work.cpp \
	hal/rt_log.cpp \
	hal/irq_lines.cpp \
	sched/timer_queue.cpp \
	sched/scheduler.cpp \
	sched/tasks.cpp \
	sched/timers.cpp \
	sched/wait.cpp \
	sched/pi.cpp \
	sched/info.cpp \
	ipc/semaphore.cpp \
	ipc/mailbox.cpp \
	ipc/message.cpp \
	fifo/ring.cpp \
	fifo/fifo.cpp \
	shm/registry.cpp

# The RTAI-compatible C API over the core.
TX_API_SOURCES := \
	api/rtai_sched.cpp \
	api/rtai_hal.cpp \
	api/rtai_irq.cpp \
	api/rtai_ipc.cpp \
	api/rtai_fifos.cpp \
	api/rtai_shm.cpp

# The host port (tests only).
TX_HOST_PORT_SOURCES := \
	arch/host/port.cpp \
	arch/host/switch_x86_64.S
