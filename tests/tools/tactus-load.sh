#!/bin/sh
# tests/tools/tactus-load.sh - the logic of `tactus load` / `unload` with
# stand-ins for insmod, rmmod and dmesg (first on PATH) that record each
# call and keep /sys/module/NAME in a made-up root: the order, the
# parameters per module, what is already loaded, the rollback when a module
# fails, the refusal to unload under a task module. (The QEMU test
# tactus-command does it for real.) Ends with "N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"

root="$work/root" bin="$work/bin" mods="$work/mods" calls="$work/calls"
mkdir -p "$root/sys/module" "$bin" "$mods"
for m in tactus_hal tactus_sched tactus_fifo tactus_shm; do : >"$mods/$m.ko"; done
# insmod FILE ARGS: fails for the module named in $work/fail (with the
# message insmod prints), else "loads" it.
cat >"$bin/insmod" <<EOS
#!/bin/sh
m=\$(basename "\$1" .ko); shift
echo "insmod \$m \$*" >>"$calls"
if [ "\$m" = "\$(cat "$work/fail" 2>/dev/null)" ]; then
	echo "insmod: ERROR: could not insert module \$m.ko: Invalid parameters" >&2
	exit 1
fi
mkdir -p "$root/sys/module/\$m/holders"
EOS
cat >"$bin/rmmod" <<EOS
#!/bin/sh
echo "rmmod \$1" >>"$calls"
rm -rf "$root/sys/module/\$1"
EOS
printf '#!/bin/sh\necho "[   12.5] tactus_sched: bad value for watchdog_us"\n' >"$bin/dmesg"
chmod +x "$bin"/*
run() { : >"$calls"; out=$(PATH="$bin:$PATH" TACTUS_SYSROOT=$root "$tactus" "$@" 2>&1); rc=$?; }
calls() { tr '\n' ';' <"$calls"; }

run load --dir "$mods" sched.watchdog_us=20000 fifo.group=100 fifo.mode=0660
expect_rc load 0
same load-order-and-params "$(calls)" "insmod tactus_hal ;insmod tactus_sched watchdog_us=20000;insmod tactus_fifo group=100 mode=0660;insmod tactus_shm ;"
has load-says-with '^tactus_sched: loaded with watchdog_us=20000$'

run load --dir "$mods"
expect_rc load-again 0
same load-again-inserts-nothing "$(calls)" ""
has load-again-says '^tactus_hal: already loaded$'

# A task module holds tactus_sched: unload refuses and removes nothing.
mkdir -p "$root/sys/module/tactus_sched/holders/my_task"
run unload
expect_rc unload-in-use 1
has unload-in-use-says-who '^tactus unload: still used by my_task: '
same unload-in-use-removes-nothing "$(calls)" ""
rmdir "$root/sys/module/tactus_sched/holders/my_task"
run unload
expect_rc unload 0
same unload-order "$(calls)" "rmmod tactus_shm;rmmod tactus_fifo;rmmod tactus_sched;rmmod tactus_hal;"
run unload
has unload-nothing '^nothing to unload$'

# tactus_fifo fails: the two loaded before are removed again, in reverse.
echo tactus_fifo >"$work/fail"
run load --dir "$mods" fifo.mode=bogus
expect_rc load-fails 1
same load-fails-rolls-back "$(calls)" "insmod tactus_hal ;insmod tactus_sched ;insmod tactus_fifo mode=bogus;rmmod tactus_sched;rmmod tactus_hal;"
has load-fails-says-insmod "^tactus load: insmod tactus_fifo.ko \(mode=bogus\) failed: insmod: ERROR: could not insert module tactus_fifo.ko: Invalid parameters$"
has load-fails-says-kernel '^tactus load: the kernel.s last line: '
has load-fails-says-removed '^tactus load: removed again: tactus_sched tactus_hal$'
if [ -z "$(ls "$root/sys/module")" ]; then pass load-fails-leaves-nothing; else bad load-fails-leaves-nothing "$(ls "$root/sys/module")"; fi
rm "$work/fail"

# Bad usage and missing modules.
run load --dir "$work/nowhere"
expect_rc load-no-modules 1
has load-no-modules-says '^tactus load: no tactus_hal.ko in '
run load watchdog_us=1
expect_rc load-param-without-module 2
run load foo.x=1
expect_rc load-unknown-module 2
run load --dir
expect_rc load-dir-without-value 2
run unload --force
expect_rc unload-unknown-option 2
run load --help
expect_rc load-help 0

finish
