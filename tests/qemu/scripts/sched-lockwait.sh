# tactus-boots: smp2 debug
# sched-lockwait: the scheduler on two CPUs at once (tests/qemu/modules/
# tx_lockwait.c): a semaphore ping-pong across the CPUs while a busy
# periodic task keeps each CPU's timer path going. Functional checks (every
# ping got its pong, waits succeeded on the right CPU, both timer tasks
# ran), and the contention of the scheduler's locks during the run, from
# /proc/tactus/scheduler, as metrics: waits and spin iterations of the IPC
# lock and of the CPU locks (docs/architecture.md, "Locks").
. /tests/sched-lib.sh

# The counters of /proc/tactus/scheduler: "ipc W S cpu W S" (sums over CPUs).
lock_counts() {
	awk '/^ipc lock:/ { iw = $3; is = $5 }
	     /^CPU tasks/ { on = 1; next } /^NAME/ { on = 0 }
	     on && $1 ~ /^[0-9]+$/ { cw += $7; cs += $8 }
	     END { print iw + 0, is + 0, cw + 0, cs + 0 }' /proc/tactus/scheduler
}

tx_load_stack || tx_finish
tx_mark
set -- $(lock_counts)
before_iw=$1 before_is=$2 before_cw=$3 before_cs=$4
tx_check insmod-tx_lockwait insmod $M/tx_lockwait.ko
tx_check run-finished tx_wait_param tx_lockwait done 1 60
set -- $(lock_counts)
cat /proc/tactus/scheduler
tx_check rmmod-tx_lockwait rmmod tx_lockwait
tx_module_checks tx_lockwait
tx_since | grep "tx_lockwait: result"
tx_metric pings "$(tx_result tx_lockwait pings)"
tx_metric ipc_lock_waits $(($1 - before_iw))
tx_metric ipc_lock_spins $(($2 - before_is))
tx_metric cpu_lock_waits $(($3 - before_cw))
tx_metric cpu_lock_spins $(($4 - before_cs))
tx_unload_stack
tx_finish
