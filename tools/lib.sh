# shellcheck shell=bash
# tools/lib.sh - helpers shared by the Tactus scripts under tools/ (build,
# QEMU, benchmark, test). Source it; do not run it. Everything human-readable
# goes to stderr, so that a script's stdout carries only its result (e.g. the
# KDIR path).

TACTUS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TACTUS_CACHE="${TACTUS_CACHE:-$HOME/.cache/tactus}"
TACTUS_LOGS="${TACTUS_LOGS:-$TACTUS_ROOT/build/logs}"
export TACTUS_ROOT TACTUS_CACHE TACTUS_LOGS

tx_log()  { printf '[tactus] %s\n' "$*" >&2; }
tx_warn() { printf '[tactus] WARNING: %s\n' "$*" >&2; }
tx_die()  { printf '[tactus] ERROR: %s\n' "$*" >&2; exit 1; }

# The running script's header comment (its usage), without the #! line.
tx_header() { sed -n '1d; /^#/!q; p' "$0"; }

# Seconds since the epoch with sub-second precision, for timing steps.
tx_now() { date +%s.%N; }
tx_elapsed() { awk -v a="$1" -v b="$(tx_now)" 'BEGIN { printf "%.1f", b - a }'; }

# tx_step NAME LOGFILE CMD [ARGS...]
# Runs CMD (a command or a shell function, with errexit in force) with
# stdout+stderr appended to LOGFILE. Prints the start, a progress line every
# $TACTUS_PROGRESS_SECONDS (default 30) while it runs, the duration, and on
# failure which step failed, the last lines of its log and where the full log
# is; then exits with the command's status. Sets TX_LAST_STEP_SECONDS.
# Optional: TX_PROGRESS_CMD, a command whose output (one line) is appended to
# the progress line (e.g. a count of compiled objects).
tx_step() {
    local name="$1" logf="$2"; shift 2
    mkdir -p "$(dirname "$logf")"
    local t0 rc=0 pid tpid every="${TACTUS_PROGRESS_SECONDS:-30}"
    t0="$(tx_now)"
    tx_log "==> $name (log: $logf)"
    { printf '### step: %s\n### cmd: %s\n### started: %s\n' "$name" "$*" "$(date -Is)"; } >>"$logf"
    ( "$@" ) >>"$logf" 2>&1 &
    pid=$!
    (
        set +e +o pipefail
        sp=""
        # the sleep must die with the ticker, or it holds the caller's stderr open
        trap 'kill $sp 2>/dev/null; exit 0' TERM
        while :; do
            sleep "$every" & sp=$!
            wait "$sp"
            kill -0 "$pid" 2>/dev/null || exit 0
            extra=""
            [ -n "${TX_PROGRESS_CMD:-}" ] && extra="$(eval "$TX_PROGRESS_CMD" 2>/dev/null || true)"
            last="$(grep -v '^###' "$logf" | tail -n 1 | cut -c1-70)"
            printf '[tactus]     ... %s: %ss%s | %s\n' "$name" "$(tx_elapsed "$t0" | cut -d. -f1)" \
                "${extra:+, $extra}" "$last" >&2
        done
    ) &
    tpid=$!
    trap 'kill "$pid" "$tpid" 2>/dev/null; exit 130' INT TERM
    wait "$pid" || rc=$?
    kill "$tpid" 2>/dev/null || true
    wait "$tpid" 2>/dev/null || true
    trap - INT TERM
    local dt; dt="$(tx_elapsed "$t0")"
    printf '### finished: %s rc=%s duration=%ss\n' "$(date -Is)" "$rc" "$dt" >>"$logf"
    if [ "$rc" -ne 0 ]; then
        printf '[tactus] FAILED step "%s" (exit %s after %ss). Last lines of the log:\n' \
            "$name" "$rc" "$dt" >&2
        tail -n 25 "$logf" | sed 's/^/    | /' >&2
        printf '[tactus] full log: %s\n' "$logf" >&2
        exit "$rc"
    fi
    tx_log "<== $name: done in ${dt}s"
    TX_LAST_STEP_SECONDS="$dt"
}

# Number of parallel jobs: the brief fixes -j2 on the 2-core machines.
TACTUS_JOBS="${TACTUS_JOBS:-2}"

# Cross toolchain for arm64.
TACTUS_CROSS="${TACTUS_CROSS:-aarch64-linux-gnu-}"

tx_need_cmd() {
    local c
    for c in "$@"; do
        command -v "$c" >/dev/null 2>&1 ||
            tx_die "'$c' not found: run tools/deps.sh all (as root) first"
    done
}
