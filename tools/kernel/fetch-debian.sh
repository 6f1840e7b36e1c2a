#!/usr/bin/env bash
# tools/kernel/fetch-debian.sh arm64|amd64|armhf [userland|kernels|headers|all]
#
# Downloads Debian packages of one architecture with `apt-get download` and
# unpacks them with `dpkg-deb -x` into the cache; nothing is ever installed
# (a linux-image would put a kernel into the host's /boot, busybox-static
# conflicts with the host's busybox, and the linux-headers packages depend on
# the signed images). amd64 is the host's own architecture (`apt-get update`
# is all it needs: tools/deps.sh amd64); arm64 needs dpkg's arm64
# architecture (tools/deps.sh arm64). armhf uses an apt state of its own
# under debian-armhf/ (sources.list, lists/, apt-cache/; `apt-get update`d
# here when missing or a week old): the host's apt stays without armhf, as
# tools/proto/arm-fiq/run.sh does (it shares this cache).
#
#   userland  busybox-static, rt-tests (cyclictest, hackbench, ...), stress-ng,
#             and the shared libraries they need: the DT_NEEDED closure,
#             resolved with readelf -d/-l (an ldd without running anything;
#             arm64: aarch64-linux-gnu-readelf) against the unpacked packages,
#             recursively.
#   kernels   Debian's newest 6.12 images: linux-image-6.12.*-ARCH-unsigned
#             and -rt-ARCH-unsigned (only boot/vmlinuz-* and boot/config-*;
#             Debian's System.map is a stub pointing to the -dbg package);
#             armhf: linux-image-6.12.*-armmp and -rt-armmp (not signed, so
#             no -unsigned), plus the Raspberry Pi 2 B's device tree
#             (bcm2836-rpi-2-b.dtb: qemu-system-arm -M raspi2b needs -dtb).
#   headers   the matching linux-headers (-ARCH, -rt-ARCH, -common, -common-rt;
#             armhf: -armmp, -rt-armmp) and linux-kbuild-6.12 (amd64: usable
#             here as they are, tools/kernel/debian-kdir-amd64.sh makes the
#             KDIRs; arm64: arm64 binaries, see tools/kernel/NOTES.md and
#             debian-kdir-arm64.sh; armhf: the host's amd64 linux-kbuild,
#             from the host's apt, debian-kdir-armhf.sh).
#   all       userland + kernels + headers (default)
#
# Layout under ${TACTUS_CACHE:-$HOME/.cache/tactus}/debian-ARCH/:
#   debs/                   the downloaded .deb files
#   root/                   unpacked userland (bin/busybox, usr/bin/cyclictest, libs)
#   manifest/<set>.list     paths (relative to root/) that a set needs in a guest:
#                           busybox, rt-tests, stress-ng (binaries + library closure)
#   kernels/<release>/      vmlinuz, config  (e.g. 6.12.117+deb12-amd64;
#                           armhf also bcm2836-rpi-2-b.dtb)
#   kernels/stock, kernels/rt   symlinks to the newest of each
#   headers/                unpacked headers + kbuild (a usr/src, usr/lib prefix)
# Idempotent: a set is skipped when its packages' candidate versions match the
# stamp of the last fetch.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

DEBARCH="${1:-}"
what="${2:-all}"
# KFLAV: Debian's kernel flavour (the packages' suffix); IMG_SUFFIX: the
# image package's (arm64/amd64 images are signed, the -unsigned ones are the
# plain files); DTBS: device trees kept from the image package.
KFLAV="$DEBARCH" IMG_SUFFIX=-unsigned DTBS=()
case "$DEBARCH" in
    arm64)
        READELF="${TACTUS_CROSS}readelf"
        LOADER=ld-linux-aarch64.so.1
        LIBDIRS=(lib/aarch64-linux-gnu usr/lib/aarch64-linux-gnu lib usr/lib)
        KERNEL_CONFIG_SHOWN='^CONFIG_ARM64_PSEUDO_NMI=' ;;
    amd64)
        READELF=readelf
        LOADER=ld-linux-x86-64.so.2
        LIBDIRS=(lib/x86_64-linux-gnu usr/lib/x86_64-linux-gnu lib64 lib usr/lib)
        KERNEL_CONFIG_SHOWN='^CONFIG_(HPET_TIMER|X86_KERNEL_IBT|PREEMPT_RT)=' ;;
    armhf)
        READELF=arm-linux-gnueabihf-readelf
        LOADER=ld-linux-armhf.so.3
        LIBDIRS=(lib/arm-linux-gnueabihf usr/lib/arm-linux-gnueabihf lib usr/lib)
        KERNEL_CONFIG_SHOWN='^CONFIG_(FIQ|PREEMPT_RT|KPROBES)='
        KFLAV=armmp IMG_SUFFIX="" DTBS=(bcm2836-rpi-2-b.dtb) ;;
    *) tx_die "usage: $0 arm64|amd64|armhf [userland|kernels|headers|all]" ;;
esac
case "$what" in userland|kernels|headers|all) ;; *)
    tx_die "usage: $0 $DEBARCH [userland|kernels|headers|all]" ;; esac

DA="$TACTUS_CACHE/debian-$DEBARCH"
DEBS="$DA/debs"
ROOT="$DA/root"
MAN="$DA/manifest"
LOG="$TACTUS_LOGS/fetch-debian-$DEBARCH.log"
mkdir -p "$DEBS" "$ROOT" "$MAN" "$TACTUS_LOGS"
tx_need_cmd apt-get apt-cache dpkg-deb "$READELF"

# The apt options of the target architecture's packages (TAPT) and of the
# host's (HAPT: none). amd64 is the host's own architecture; arm64 is a
# foreign one dpkg must know; armhf has an apt state of its own (the host's
# apt is left as it is). Dir::Cache keeps apt-cache from writing the host's
# /var/cache/apt/pkgcache.bin from armhf lists.
TAPT=() HAPT=()
if [ "$DEBARCH" = amd64 ]; then
    dpkg --print-architecture | grep -qx amd64 ||
        tx_die "this script expects an amd64 (x86_64) Debian host"
elif [ "$DEBARCH" = armhf ]; then
    dpkg --print-architecture | grep -qx amd64 ||
        tx_die "this script expects an amd64 (x86_64) Debian host (linux-kbuild is the host's)"
    mkdir -p "$DA/lists/partial" "$DA/apt-cache/archives/partial"
    # the same sources as tools/proto/arm-fiq/run.sh writes
    cat >"$DA/sources.list" <<SRC
deb [arch=armhf] http://deb.debian.org/debian bookworm main
deb [arch=armhf] http://deb.debian.org/debian-security bookworm-security main
SRC
    TAPT=(-o Dir::State::Lists="$DA/lists" -o Dir::Etc::SourceList="$DA/sources.list"
          -o Dir::Etc::SourceParts=/dev/null -o Dir::Cache="$DA/apt-cache"
          -o APT::Architectures::=armhf -o APT::Architecture=armhf)
    # a week: Debian's security archive drops a kernel's old versions
    if ! compgen -G "$DA/lists/*Packages*" >/dev/null ||
        [ -n "$(find "$DA/lists" -maxdepth 1 -name '*_InRelease' -mtime +7)" ]; then
        tx_log "apt-get update of the armhf lists ($DA/lists)"
        apt-get "${TAPT[@]}" -o APT::Sandbox::User=root update >>"$LOG" 2>&1 ||
            tx_die "apt-get update of the armhf lists failed (log: $LOG)"
    fi
else
    dpkg --print-foreign-architectures | grep -qx "$DEBARCH" ||
        tx_die "dpkg architecture $DEBARCH is not enabled: run tools/deps.sh $DEBARCH"
fi
# host_pkg PKG: true when PKG comes from the host's apt (armhf: linux-kbuild)
host_pkg() { [ "$DEBARCH" = armhf ] && case "$1" in linux-kbuild-*) true ;; *) false ;; esac; }

# --- apt helpers -------------------------------------------------------------
# apt-cache can be slow (seconds a call where apt keeps no binary cache, as in
# Docker images): answers are memoised in a file for this run, and filled for
# many packages with one apt-cache call (memo_fill).
MEMO="$(mktemp)"
trap 'rm -f "$MEMO"' EXIT
# memo_fill PKG...: records "PKG NAME VERSION" per package, NAME being what
# apt-get accepts (PKG:DEBARCH, or PKG for Arch: all), or "PKG - -" if apt
# has no DEBARCH/all candidate (host_pkg ones: the host's architecture).
memo_fill() {
    local need=() host=() p
    for p in "$@"; do
        if [ -z "$p" ] || grep -q "^$p " "$MEMO"; then continue; fi
        if host_pkg "$p"; then host+=("$p"); else need+=("$p"); fi
    done
    [ "${#need[@]}" -eq 0 ] || memo_query "$DEBARCH" "${TAPT[@]+"${TAPT[@]}"}" -- "${need[@]}"
    [ "${#host[@]}" -eq 0 ] || memo_query "$(dpkg --print-architecture)" "${HAPT[@]+"${HAPT[@]}"}" -- "${host[@]}"
}
memo_query() {   # ARCH APT-OPTION... -- PKG...
    local arch="$1" opts=(); shift
    while [ "$1" != -- ]; do opts+=("$1"); shift; done
    shift
    local need=("$@")
    { apt-cache "${opts[@]+"${opts[@]}"}" show --no-all-versions "${need[@]/%/:$arch}" "${need[@]}" 2>/dev/null || true; } |
        awk -v want="${need[*]}" -v arch="$arch" '
            BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) ask[w[i]] = 1 }
            /^Package: /      { p = $2 }
            /^Architecture: / { a = $2 }
            /^Version: /      { v = $2 }
            /^$/ { emit() }
            END  { emit(); for (q in ask) if (!(q in got)) print q, "-", "-" }
            function emit() {
                if (p != "" && (p in ask) && !(p in got) && (a == arch || a == "all"))
                    { print p, (a == arch ? p ":" arch : p), v; got[p] = 1 }
                p = ""; a = ""; v = ""
            }' >>"$MEMO"
}
apt_info() {   # PKG -> "NAME VERSION", or nothing
    local line
    line="$(grep -m1 "^$1 " "$MEMO" || true)"
    if [ -z "$line" ]; then
        memo_fill "$1"
        line="$(grep -m1 "^$1 " "$MEMO" || true)"
    fi
    # shellcheck disable=SC2086 # the words of the line are wanted
    set -- $line
    [ "${3:--}" != - ] && echo "$2 $3"
    return 0
}
apt_name() { apt_info "$1" | cut -d' ' -f1; }
cand_version() { apt_info "$1" | cut -d' ' -f2; }
# deb_path PKG -> the .deb in debs/ at the candidate version (downloads it if needed)
deb_path() {
    local pkg="$1" ver f
    ver="$(cand_version "$pkg")"
    [ -n "$ver" ] || { echo "no $DEBARCH candidate for package $pkg" >&2; return 1; }
    for f in "$DEBS/${pkg}_"*.deb; do
        [ -e "$f" ] || continue
        if [ "$(dpkg-deb -f "$f" Package)" = "$pkg" ] && [ "$(dpkg-deb -f "$f" Version)" = "$ver" ]; then
            echo "$f"; return 0
        fi
    done
    echo "downloading $pkg $ver" >&2
    apt_download "$pkg" "$(apt_name "$pkg")=$ver" || return 1
    for f in "$DEBS/${pkg}_"*.deb; do
        if [ "$(dpkg-deb -f "$f" Version)" = "$ver" ]; then echo "$f"; return 0; fi
    done
    echo "apt-get download of $pkg left no .deb in $DEBS" >&2
    return 1
}
# have_deb PKG: true when debs/ holds PKG at its candidate version.
have_deb() {
    local f ver; ver="$(cand_version "$1")"
    for f in "$DEBS/${1}_"*.deb; do
        [ -e "$f" ] || continue
        [ "$(dpkg-deb -f "$f" Package)" = "$1" ] && [ "$(dpkg-deb -f "$f" Version)" = "$ver" ] && return 0
    done
    return 1
}
# apt_download PKG NAME=VERSION...: apt-get download into debs/, with the apt
# PKG comes from (every NAME must come from the same one).
# APT::Sandbox::User=root: the _apt user cannot write into a cache under /root
apt_download() {
    local opts=("${TAPT[@]+"${TAPT[@]}"}")
    if host_pkg "$1"; then opts=("${HAPT[@]+"${HAPT[@]}"}"); fi
    shift
    (cd "$DEBS" && apt-get "${opts[@]+"${opts[@]}"}" download -q -o APT::Sandbox::User=root "$@" >&2)
}
# prefetch PKG...: one apt-get download for all that are missing (much faster
# than one apt-get run per package); the host_pkg ones one by one.
prefetch() {
    local p names=() nv first=""
    memo_fill "$@"
    for p in "$@"; do
        have_deb "$p" && continue
        [ -n "$(cand_version "$p")" ] || continue
        nv="$(apt_name "$p")=$(cand_version "$p")"
        if host_pkg "$p"; then
            echo "downloading $nv (the host's)" >&2
            apt_download "$p" "$nv"
        else
            names+=("$nv"); first="${first:-$p}"
        fi
    done
    [ "${#names[@]}" -eq 0 ] && return 0
    echo "downloading ${#names[@]} package(s): ${names[*]}" >&2
    apt_download "$first" "${names[@]}"
}
extract_into() {   # PKG DEST
    local d; d="$(deb_path "$1")" || return 1
    echo "unpacking $(basename "$d") -> $2" >&2
    dpkg-deb -x "$d" "$2"
}

# --- userland ------------------------------------------------------------------
# soname -> Debian package. Debian names library packages after the soname
# (libfoo.so.3 -> libfoo3, libfoo2.so.0 -> libfoo2-0); the exceptions are listed.
soname_pkg() {
    case "$1" in
        libc.so.6|libm.so.6|libpthread.so.0|libdl.so.2|librt.so.1|libresolv.so.2|\
        libutil.so.1|libanl.so.1|ld-linux-x86-64.so.2|ld-linux-aarch64.so.1|\
        ld-linux-armhf.so.3) echo libc6 ;;
        libgcc_s.so.1) echo libgcc-s1 ;;
        libstdc++.so.6) echo libstdc++6 ;;
        libz.so.1) echo zlib1g ;;
        libcrypto.so.3|libssl.so.3) echo libssl3 ;;
        libjpeg.so.62) echo libjpeg62-turbo ;;
        libJudy.so.1) echo libjudydebian1 ;;
        libGLESv2.so.2) echo libgles2 ;;
        libGLdispatch.so.0) echo libglvnd0 ;;
        libEGL.so.1) echo libegl1 ;;
        *)
            local base="${1%%.so*}" ver="${1#*.so}"
            ver="${ver#.}"; ver="${ver%%.*}"
            base="$(echo "$base" | tr 'A-Z_' 'a-z-')"
            if [[ "$base" =~ [0-9]$ ]]; then echo "$base-$ver"; else echo "$base$ver"; fi ;;
    esac
}
find_soname() {   # SONAME -> path relative to ROOT, or nothing
    local d
    for d in "${LIBDIRS[@]}"; do
        if [ -e "$ROOT/$d/$1" ]; then echo "$d/$1"; return 0; fi
    done
    return 1
}
is_elf() { [ -f "$1" ] && [ "$(head -c4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]; }
needed_of() { "$READELF" -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
interp_of() { "$READELF" -l "$1" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p'; }

# Adds PATH (relative to ROOT) to the manifest, with the file a symlink
# points to (and so on), so that copying the list reproduces it.
add_path() {   # LISTFILE RELPATH
    local list="$1" p="$2" t
    grep -qxF "$p" "$list" 2>/dev/null && return 0
    echo "$p" >>"$list"
    if [ -L "$ROOT/$p" ]; then
        t="$(readlink "$ROOT/$p")"
        case "$t" in /*) t="${t#/}" ;; *) t="$(dirname "$p")/$t" ;; esac
        t="$(realpath -m --relative-to="$ROOT" "$ROOT/$t")"
        add_path "$list" "$t"
    fi
}

# Resolves the NEEDED closure of the ELF files in LISTFILE, downloading
# library packages as needed. Fails listing any soname it cannot resolve.
resolve_closure() {   # LISTFILE
    local list="$1" changed=1 p s rel pkg unresolved interp
    declare -A tried=()
    while [ "$changed" -eq 1 ]; do
        changed=0
        unresolved=()
        while IFS= read -r p; do
            is_elf "$ROOT/$p" || continue
            [ -L "$ROOT/$p" ] && continue
            interp="$(interp_of "$ROOT/$p")"
            if [ -n "$interp" ]; then
                if [ -e "$ROOT/${interp#/}" ]; then
                    grep -qxF "${interp#/}" "$list" || { add_path "$list" "${interp#/}"; changed=1; }
                else
                    unresolved+=("$LOADER")
                fi
            fi
            for s in $(needed_of "$ROOT/$p"); do
                if rel="$(find_soname "$s")"; then
                    grep -qxF "$rel" "$list" || { add_path "$list" "$rel"; changed=1; }
                else
                    unresolved+=("$s")
                fi
            done
        done < <(cat "$list")
        declare -A this_round=()
        local pkgs=()
        for s in $(printf '%s\n' "${unresolved[@]+"${unresolved[@]}"}" | sort -u); do
            pkgs+=("$(soname_pkg "$s")")
        done
        [ "${#pkgs[@]}" -gt 0 ] && prefetch "${pkgs[@]}"
        for s in $(printf '%s\n' "${unresolved[@]+"${unresolved[@]}"}" | sort -u); do
            pkg="$(soname_pkg "$s")"
            [ -n "${this_round[$pkg]:-}" ] && continue
            if [ -n "${tried[$pkg]:-}" ]; then
                echo "ERROR: $s not found after unpacking $pkg (add the right package to soname_pkg)" >&2
                return 1
            fi
            tried[$pkg]=1
            this_round[$pkg]=1
            echo "library $s -> package $pkg" >&2
            extract_into "$pkg" "$ROOT" || { echo "ERROR: cannot fetch $pkg for $s" >&2; return 1; }
            echo "$pkg $(cand_version "$pkg")" >>"$DA/userland-packages.txt"
            changed=1
        done
    done
    echo "closure of $(basename "$list" .list): $(wc -l <"$list") paths" >&2
}

fetch_userland() {
    : >"$DA/userland-packages.txt"
    local pkg
    prefetch busybox-static rt-tests stress-ng libc6 libgcc-s1 libnuma1
    for pkg in busybox-static rt-tests stress-ng; do
        extract_into "$pkg" "$ROOT"
        echo "$pkg $(cand_version "$pkg")" >>"$DA/userland-packages.txt"
    done
    [ -x "$ROOT/bin/busybox" ] || { echo "no bin/busybox in busybox-static" >&2; return 1; }
    echo bin/busybox >"$MAN/busybox.list"
    # rt-tests: every ELF program it ships (cyclictest, hackbench, ...).
    : >"$MAN/rt-tests.list"
    dpkg-deb -c "$(deb_path rt-tests)" | awk '{print $6}' | sed 's#^\./##' |
        grep -E '^usr/s?bin/[^/]+$' | while read -r p; do
            if is_elf "$ROOT/$p"; then echo "$p"; fi
        done >>"$MAN/rt-tests.list"
    grep -q 'usr/bin/cyclictest' "$MAN/rt-tests.list" || { echo "cyclictest missing" >&2; return 1; }
    grep -q 'usr/bin/hackbench' "$MAN/rt-tests.list" || { echo "hackbench missing" >&2; return 1; }
    echo usr/bin/stress-ng >"$MAN/stress-ng.list"
    resolve_closure "$MAN/rt-tests.list"
    resolve_closure "$MAN/stress-ng.list"
    sort -u -o "$DA/userland-packages.txt" "$DA/userland-packages.txt"
}

# --- kernels and headers -------------------------------------------------------
STOCK_IMG="" RT_IMG=""
if [ "$what" != userland ]; then
    # one (slow) apt-cache search, then the newest stock and rt image by version
    images="$(apt-cache "${TAPT[@]+"${TAPT[@]}"}" search --names-only "^linux-image-6\\.12\\.[0-9]+\\+deb[0-9]+-(rt-)?$KFLAV$IMG_SUFFIX\$" |
        awk '{print $1}' | sort -V)"
    STOCK_IMG="$(echo "$images" | grep -v -- "-rt-$KFLAV$IMG_SUFFIX\$" | tail -n1 || true)"
    RT_IMG="$(echo "$images" | grep -- "-rt-$KFLAV$IMG_SUFFIX\$" | tail -n1 || true)"
fi

fetch_kernels() {
    local pkg rel d tmp flavour dtb
    prefetch "$STOCK_IMG" "$RT_IMG"
    for pkg in "$STOCK_IMG" "$RT_IMG"; do
        [ -n "$pkg" ] || { echo "no linux-image-6.12.*-$KFLAV$IMG_SUFFIX in apt" >&2; return 1; }
        rel="${pkg#linux-image-}"; rel="${rel%"$IMG_SUFFIX"}"
        d="$DA/kernels/$rel"
        tmp="$DA/kernels/.tmp.$$"
        rm -rf "$tmp"; mkdir -p "$tmp"
        # only ./boot and the device trees: the modules directory is not needed
        dpkg-deb --fsys-tarfile "$(deb_path "$pkg")" |
            tar -x -C "$tmp" ./boot "${DTBS[@]/#/./usr/lib/linux-image-$rel/}"
        mkdir -p "$d"
        mv "$tmp/boot/vmlinuz-$rel" "$d/vmlinuz"
        mv "$tmp/boot/config-$rel" "$d/config"
        for dtb in "${DTBS[@]+"${DTBS[@]}"}"; do mv "$tmp/usr/lib/linux-image-$rel/$dtb" "$d/"; done
        echo "$pkg $(cand_version "$pkg")" >"$d/package.txt"
        rm -rf "$tmp"
        case "$rel" in *-rt-"$KFLAV") flavour=rt ;; *) flavour=stock ;; esac
        ln -sfn "$rel" "$DA/kernels/$flavour"
        echo "$flavour kernel: $d/vmlinuz ($({ grep -E "$KERNEL_CONFIG_SHOWN" "$d/config" || echo "no $KERNEL_CONFIG_SHOWN"; } | tr '\n' ' '))" >&2
    done
}

fetch_headers() {
    local kver pkgs=() p
    kver="${STOCK_IMG#linux-image-}"; kver="${kver%-"$KFLAV$IMG_SUFFIX"}"   # 6.12.117+deb12
    pkgs=("linux-headers-$kver-$KFLAV" "linux-headers-$kver-rt-$KFLAV"
          "linux-headers-$kver-common" "linux-headers-$kver-common-rt"
          "linux-kbuild-${kver}")
    mkdir -p "$DA/headers"
    : >"$DA/headers/packages.txt"
    prefetch "${pkgs[@]}"
    for p in "${pkgs[@]}"; do
        if [ -z "$(cand_version "$p")" ]; then
            echo "not in apt: $p (skipped)" >&2; continue
        fi
        extract_into "$p" "$DA/headers"
        echo "$p $(cand_version "$p")" >>"$DA/headers/packages.txt"
    done
    echo "$kver" >"$DA/headers/kver.txt"
}

# --- driver: skip sets whose package versions did not change -------------------
versions_of() { local p; memo_fill "$@"; for p in "$@"; do echo "$p $(cand_version "$p")"; done; }

# set_intact NAME: what the set unpacked is still there (armhf's root/ is
# also tools/proto/arm-fiq/run.sh's, which replaces it for a new kernel).
set_intact() {
    local f p
    case "$1" in
        userland)
            for f in "$MAN"/*.list; do
                [ -f "$f" ] || return 1
                while IFS= read -r p; do [ -e "$ROOT/$p" ] || [ -L "$ROOT/$p" ] || return 1; done <"$f"
            done ;;
        kernels) [ -r "$DA/kernels/stock/vmlinuz" ] && [ -r "$DA/kernels/rt/vmlinuz" ] ;;
        headers) [ -f "$DA/headers/kver.txt" ] ;;
    esac
}

run_set() {   # NAME FUNC PKG...
    local name="$1" fn="$2"; shift 2
    local stamp="$DA/.stamp-$name" want
    want="$(versions_of "$@")"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && set_intact "$name"; then
        tx_log "debian-$DEBARCH $name: up to date ($(echo "$want" | tr '\n' ' '))"
        return 0
    fi
    tx_step "fetch + unpack debian $DEBARCH $name" "$LOG" "$fn"
    echo "$want" >"$stamp"
}

T0="$(tx_now)"
KV="${STOCK_IMG#linux-image-}"; KV="${KV%-"$KFLAV$IMG_SUFFIX"}"
# one apt-cache call for all the stamps below
memo_fill busybox-static rt-tests stress-ng libc6 libgcc-s1 libnuma1 \
    ${STOCK_IMG:+"$STOCK_IMG" "$RT_IMG" "linux-headers-$KV-$KFLAV" "linux-headers-$KV-rt-$KFLAV"} \
    ${STOCK_IMG:+"linux-headers-$KV-common" "linux-headers-$KV-common-rt" "linux-kbuild-$KV"}
[ -n "$(cand_version busybox-static)" ] ||
    tx_die "no $DEBARCH package lists: run tools/deps.sh $DEBARCH (it runs apt-get update; armhf: rm -r $DA/lists and run this again)"
case "$what" in userland|all)
    run_set userland fetch_userland busybox-static rt-tests stress-ng libc6 ;; esac
case "$what" in kernels|all)
    run_set kernels fetch_kernels "$STOCK_IMG" "$RT_IMG" ;; esac
case "$what" in headers|all)
    run_set headers fetch_headers "linux-headers-$KV-$KFLAV" "linux-headers-$KV-rt-$KFLAV" \
        "linux-headers-$KV-common" "linux-headers-$KV-common-rt" "linux-kbuild-$KV" ;; esac
tx_log "debian-$DEBARCH ($what) ready in $DA ($(tx_elapsed "$T0")s)"
echo "$DA"
