# Tactus - the entry point for everything. `make help` lists the targets.
#
# The two commands of the README:
#   make demo   build what is missing and boot the QEMU demo
#   make test   install what is needed and run every test stage

ARCH ?= arm64
export ARCH

.PHONY: help demo test test-debug test-6.1 test-arm soak host-tests check-freestanding check-layers coverage bench-host deps clean kernel modules
.PHONY: bench bench-quick install deb

help:
	@echo "make demo                 the demo: a 100 us real-time task feeding a FIFO"
	@echo "make test                 every test stage, ending with 'N passed, N failed'"
	@echo "make test-debug           the arm64 QEMU suite on a KASAN + kmemleak kernel (not in make test: ~1 h)"
	@echo "make test-6.1             the whole QEMU suite on Debian 12's 6.1 kernel (make test runs its deterministic boots: ~23 min)"
	@echo "make test-arm             the whole QEMU suite on the 32-bit ARM port (make test runs its deterministic boots): ~1 h"
	@echo "make soak [SOAK=60]       FIFO integrity + preemption with random module loads, SOAK min of guest time per arch"
	@echo "make host-tests           host unit tests of the core (GoogleTest via ctest)"
	@echo "make check-freestanding   the core compiled as kernel code for arm64, x86_64 and 32-bit ARM"
	@echo "make check-layers         every include points down the layers (docs/architecture.md)"
	@echo "make coverage             line coverage of the core by the host tests (>= 90%)"
	@echo "make bench-host           Google Benchmark: scheduler O(1), ring vs boost"
	@echo "make deps                 install the Debian packages (apt-get, idempotent)"
	@echo "make kernel ARCH=arm64    Linux 6.12 for Tactus (cached under ~/.cache/tactus; VARIANT=debug, kasan too)"
	@echo "make modules ARCH=arm64   the Tactus modules, examples and test modules (build/modules-arm64-*; ARCH=x86_64 [KVER=6.1]: Debian's 6.12 [6.1])"
	@echo "make bench ARCH=arm64     Tactus vs Linux, Debian stock and PREEMPT_RT in QEMU, timer and device-interrupt latency: tables, JSON, plots (build/bench, ~30 min)"
	@echo "make bench ARCH=x86_64    the same on x86_64: Tactus on Debian's stock kernel vs stock and PREEMPT_RT, one seed (build/bench/x86_64, ~4 min)"
	@echo "make bench ARCH=arm       the same on 32-bit ARM (raspi2b, Debian's armmp and rt-armmp), timer latency only (build/bench/arm)"
	@echo "make bench-quick          the grinder load only, one seed, fewer samples, ARCH=arm64 or x86_64 (build/bench/quick, build/bench/x86_64/quick, < 10 min)"
	@echo "make install              modules for KVER (default: the running kernel), headers, tactus, rtai-config, udev rule [DESTDIR= PREFIX= KDIR=]"
	@echo "make deb                  Debian packages tactus-dkms and tactus-tools (build/deb), checked by lintian"

deps:
	tools/deps.sh all

demo:
	tools/demo.sh

test:
	tools/test.sh

test-debug:
	tools/deps.sh all
	tools/qemu/test-qemu.sh arm64 --kasan

test-6.1:
	tools/deps.sh all
	tools/qemu/test-qemu.sh x86_64 --kernel61

test-arm:
	tools/deps.sh arm
	tools/qemu/test-qemu.sh arm

SOAK ?= 60
soak:
	tools/deps.sh all
	tools/soak.sh $(SOAK)

host-tests:
	tools/deps.sh host
	tools/host-tests.sh

check-freestanding:
	tools/deps.sh all
	tools/check-freestanding.sh

check-layers:
	tools/deps.sh host
	python3 tools/check-layers.py

coverage:
	tools/deps.sh host
	tools/coverage.sh

bench-host:
	tools/deps.sh host
	tools/bench-host.sh

VARIANT ?= normal

kernel:
	tools/deps.sh all
	tools/kernel/build-arm64.sh $(VARIANT)

# x86_64: KVER=6.1 (or a 6.1 release) builds against Debian 12's default
# kernel instead of Debian's 6.12 (docs/x86_64-port.md, "Kernels").
MODULES_VARIANT = $(if $(and $(filter x86_64,$(ARCH)),$(filter 6.1 6.1.%,$(KVER))),stock61,$(VARIANT))

# arm (armhf): Debian's armmp kernel, none of ours to build; its tools only.
MODULES_ARM = $(filter arm armhf,$(ARCH))

modules: $(if $(MODULES_ARM),,kernel)
	$(if $(MODULES_ARM),tools/deps.sh arm)
	tools/kernel/build-modules.sh $(ARCH) $(MODULES_VARIANT)

bench:
	tools/bench/bench.sh

bench-quick:
	tools/bench/bench.sh --quick

install:
	tools/install.sh

deb:
	tools/deb.sh

clean:
	rm -rf build
