#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/qemu/mkcpio.py - write a reproducible gzip'ed newc cpio archive.

Usage: mkcpio.py STAGING_DIR OUT.cpio.gz [--node PATH:TYPE:MAJOR:MINOR:MODE]...

Every entry of STAGING_DIR (directories, files, symlinks) is stored in sorted
order, owned by root, with mtime 0 and gzip mtime 0, so the same inputs give
byte-identical archives (one less source of run-to-run difference under
-icount). --node adds a device node (TYPE c or b, MODE octal), which needs no
root privileges here, unlike mknod + cpio.
"""
import gzip
import os
import stat
import sys


def header(ino, mode, nlink, size, rmaj, rmin, name):
    fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, rmaj, rmin, len(name) + 1, 0]
    return b"070701" + b"".join(b"%08X" % f for f in fields)


def pad(n):
    return b"\0" * ((4 - n % 4) % 4)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    root, out = argv[1], argv[2]
    nodes = []
    rest = argv[3:]
    while rest:
        if rest[0] != "--node" or len(rest) < 2:
            sys.stderr.write("bad argument %r\n" % rest[0])
            return 2
        path, typ, maj, mnr, mode = rest[1].split(":")
        nodes.append((path.strip("/"), typ, int(maj), int(mnr), int(mode, 8)))
        rest = rest[2:]

    entries = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for n in dirnames + sorted(filenames):
            full = os.path.join(dirpath, n)
            entries.append(os.path.relpath(full, root))
    node_names = {n[0] for n in nodes}
    entries = sorted(e for e in entries if e not in node_names)

    buf = bytearray()
    ino = 1

    def add(name, mode, data=b"", rmaj=0, rmin=0, nlink=1):
        nonlocal ino
        bname = name.encode()
        buf.extend(header(ino, mode, nlink, len(data), rmaj, rmin, bname))
        buf.extend(bname + b"\0")
        buf.extend(pad(110 + len(bname) + 1))
        buf.extend(data)
        buf.extend(pad(len(data)))
        ino += 1

    for e in entries:
        full = os.path.join(root, e)
        st = os.lstat(full)
        if stat.S_ISLNK(st.st_mode):
            add(e, stat.S_IFLNK | 0o777, os.readlink(full).encode())
        elif stat.S_ISDIR(st.st_mode):
            add(e, stat.S_IFDIR | stat.S_IMODE(st.st_mode), nlink=2)
        elif stat.S_ISREG(st.st_mode):
            with open(full, "rb") as f:
                add(e, stat.S_IFREG | stat.S_IMODE(st.st_mode), f.read())
        else:
            sys.stderr.write("skipping special file %s\n" % full)
    for path, typ, maj, mnr, mode in sorted(nodes):
        kind = stat.S_IFCHR if typ == "c" else stat.S_IFBLK
        add(path, kind | mode, rmaj=maj, rmin=mnr)
    add("TRAILER!!!", 0)

    tmp = out + ".tmp"
    with open(tmp, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=6) as gz:
            gz.write(bytes(buf))
    os.replace(tmp, out)
    sys.stderr.write("%s: %d entries, %d bytes uncompressed, %d bytes gzip\n"
                     % (out, ino - 1, len(buf), os.path.getsize(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
