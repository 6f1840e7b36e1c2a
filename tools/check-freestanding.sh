#!/usr/bin/env bash
# tools/check-freestanding.sh - prove the core builds as kernel code.
#
# Compiles every freestanding source of sources.mk (the core and the API)
# with the kernel-module C++ flags of mk/cxx-flags.mk for arm64
# (aarch64-linux-gnu-g++), x86_64 (g++) and 32-bit ARM
# (arm-linux-gnueabihf-g++: issue 18's port to come; it finds what a 32-bit
# kernel lacks, e.g. 64-bit division, lib/div64.hpp), links
# each architecture's objects into one relocatable object and fails if it
# needs a symbol outside tools/freestanding-allow.txt, or carries static
# constructors (.init_array/.ctors: kernels never run them).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build/freestanding"
mkdir -p "$out"
cd "$root"

# Value of a make variable defined in mk/cxx-flags.mk or sources.mk.
mkvar() { make -s --no-print-directory -f mk/print.mk "print-$1"; }
common="$(mkvar TX_CXX_FREESTANDING)"
sources="$(mkvar TX_FREESTANDING_SOURCES)"
# The math library is built with the FPU (Kbuild): its flags here too.
fpu_sources=" $(mkvar TX_MATH_FREESTANDING) $(mkvar TX_MATH_EXPORTS) "
fpu_common="-ffp-contract=off -fno-math-errno -fno-builtin"
allow="$(grep -v '^#' tools/freestanding-allow.txt | grep -v '^$' | sort -u)"
failed=0

check_arch() {
    local arch="$1" cxx="$2" ld="$3" nm="$4" objdump="$5" extra="$6"
    local dir="$out/$arch" objs=() fpu_extra
    # The kernel's FPU flags (CC_FLAGS_FPU): no -mgeneral-regs-only on
    # arm64; SSE2 after the no-SSE flags on x86_64; VFP/NEON instructions
    # under the soft-float calling convention on arm.
    fpu_extra="$(echo "$extra" | sed 's/-mgeneral-regs-only//; s/-mfloat-abi=soft/-mfloat-abi=softfp -mfpu=neon/')"
    if [ "$arch" = x86_64 ]; then fpu_extra="$fpu_extra -msse -msse2"; fi
    mkdir -p "$dir"
    if ! command -v "$cxx" >/dev/null; then
        echo "check-freestanding: $cxx not found (run tools/deps.sh)" >&2
        return 1
    fi
    local inc
    inc="$("$cxx" -print-file-name=include)"
    for src in $sources $(mkvar TX_MATH_EXPORTS); do
        local obj flags="$extra"
        obj="$dir/$(echo "$src" | tr / _).o"
        case "$fpu_sources" in *" $src "*) flags="$fpu_extra $fpu_common" ;; esac
        # shellcheck disable=SC2086
        "$cxx" $common $flags -D__KERNEL__ -isystem "$inc" -I"$root" -I"$root/api/include" \
            -O2 -Wall -Wextra -Werror -Wno-unused-parameter -fno-common \
            -fno-strict-aliasing -c "$src" -o "$obj" || return 1
        objs+=("$obj")
    done
    "$ld" -r -o "$dir/tactus-core.o" "${objs[@]}" || return 1
    local undefined bad sections n
    undefined="$("$nm" -u "$dir/tactus-core.o" | awk '{print $NF}' | sort -u)"
    bad="$(comm -23 <(echo "$undefined") <(echo "$allow") | grep -v '^$' || true)"
    sections="$("$objdump" -h "$dir/tactus-core.o" | awk '{print $2}' |
        grep -E '^\.(init_array|ctors|fini_array|dtors)' || true)"
    if [ -n "$bad" ]; then
        echo "check-freestanding: $arch: symbols outside the allow-list:" >&2
        echo "$bad" | sed 's/^/    /' >&2
        failed=1
    fi
    if [ -n "$sections" ]; then
        echo "check-freestanding: $arch: static constructors or destructors: $sections" >&2
        failed=1
    fi
    n="$(echo "$undefined" | grep -c . || true)"
    if [ -z "$bad$sections" ]; then
        echo "check-freestanding: $arch: ${#objs[@]} objects, $n undefined symbols, all on the allow-list"
    fi
}

check_arch arm64 aarch64-linux-gnu-g++ aarch64-linux-gnu-ld aarch64-linux-gnu-nm \
    aarch64-linux-gnu-objdump "$(mkvar TX_CXX_arm64)" || failed=1
check_arch x86_64 g++ ld nm objdump "$(mkvar TX_CXX_x86_64)" || failed=1
check_arch arm arm-linux-gnueabihf-g++ arm-linux-gnueabihf-ld arm-linux-gnueabihf-nm \
    arm-linux-gnueabihf-objdump "$(mkvar TX_CXX_arm)" || failed=1
exit "$failed"
