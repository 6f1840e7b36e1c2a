# mk/module.mk - Kbuild include for a real-time module built against an
# installed Tactus (make install, or the tactus-tools and tactus-dkms
# packages), installed as /usr/share/tactus/module.mk. In the module's Kbuild:
#
#     obj-m := my_task.o
#     include /usr/share/tactus/module.mk
#
# then `make -C /lib/modules/$(uname -r)/build M=$PWD modules`. It adds:
#   - the headers (rtai_*.h, tactus/*.h) from $(TACTUS_PREFIX)/include/tactus,
#     and the POSIX and RTLinux ones (pthread.h, rtl.h...) from its posix/;
#   - the symbol versions of the Tactus modules for this kernel
#     (KBUILD_EXTRA_SYMBOLS), so modpost knows rt_task_init and friends and
#     the module loads on a kernel with CONFIG_MODVERSIONS: the Module.symvers
#     that `make install` keeps in $(TACTUS_PREFIX)/share/tactus/symvers/KVER/,
#     or the one the tactus-dkms build keeps in /var/lib/dkms/tactus/VER/KVER/ARCH/.
# TACTUS_PREFIX (default /usr) and TACTUS_SYMVERS (a Module.symvers) may be
# set on the make command line. For floating point in a task, see
# tactus-fpu.mk next to this file.

TACTUS_PREFIX ?= /usr
ccflags-y += -I$(TACTUS_PREFIX)/include/tactus -I$(TACTUS_PREFIX)/include/tactus/posix
TACTUS_SYMVERS ?= $(firstword $(wildcard $(TACTUS_PREFIX)/share/tactus/symvers/$(KERNELRELEASE)/Module.symvers) \
	$(wildcard /var/lib/dkms/tactus/*/$(KERNELRELEASE)/*/Module.symvers))
ifeq ($(TACTUS_SYMVERS),)
$(warning Tactus: no Module.symvers for kernel $(KERNELRELEASE) under $(TACTUS_PREFIX)/share/tactus/symvers or /var/lib/dkms/tactus: are the Tactus modules installed for this kernel?)
endif
KBUILD_EXTRA_SYMBOLS += $(TACTUS_SYMVERS)
