# tests/install/installed.sh - the guest side of tools/packages-test.sh: the
# modules DKMS built from the tactus-dkms package's sources, then a module
# built against the tactus-tools package's headers only (tx_installed.ko),
# and one written against its POSIX headers (tx_installed_posix.ko).
. /tests/sched-lib.sh
tx_load_stack || tx_finish
tx_mark
tx_check insmod-tx_installed insmod $M/tx_installed.ko
tx_module_checks tx_installed
tx_check rmmod-tx_installed rmmod tx_installed
tx_mark
tx_check insmod-tx_installed_posix insmod $M/tx_installed_posix.ko
tx_module_checks tx_installed_posix
tx_check rmmod-tx_installed_posix rmmod tx_installed_posix
tx_unload_stack
tx_check no-oops sh -c "! dmesg | grep -q 'Oops\|BUG\|Unable to handle\|Internal error\|WARNING'"
tx_finish
