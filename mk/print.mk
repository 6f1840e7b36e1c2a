# mk/print.mk - prints a variable of sources.mk or mk/cxx-flags.mk, so that
# scripts and CMake get the lists as make expands them (no parser of their own):
#   make -s --no-print-directory -f mk/print.mk print-TX_FREESTANDING_SOURCES
# Works from any directory.
TX_MK_DIR := $(dir $(lastword $(MAKEFILE_LIST)))
include $(TX_MK_DIR)cxx-flags.mk $(TX_MK_DIR)../sources.mk

print-%:
	@echo $($*)
