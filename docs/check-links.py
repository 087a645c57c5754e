#!/usr/bin/env python3
"""Checks that every internal Markdown link of the repository's documents resolves: the
file exists and, for `file.md#anchor` or `#anchor`, that the target has a heading whose
GitHub anchor is that. Run from anywhere: `python3 docs/check-links.py`; exits 1 and
lists each broken link otherwise."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Files another change of this session writes (issue 22); a link to one that does not exist
# yet is reported, not failed.
PENDING = {"docs/guide/security.md"}
LINK = re.compile(r"(?<!\!)\[([^\]]*)\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path):
    """GitHub's heading anchors of one Markdown file (outside code fences)."""
    out, fence, seen = set(), False, {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = re.match(r"^(#+) +(.*)", line) if not fence else None
        if m:
            slug = m.group(2).strip().lower()
            slug = re.sub(r"[^\w\- ]", "", slug).replace(" ", "-")
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def markdown_files():
    files = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    extra = [f for f in ("ARCHITECTURE.md", "CONTRIBUTING.md", "CHANGELOG.md") if os.path.exists(os.path.join(ROOT, f))]
    for d, _, names in os.walk(os.path.join(ROOT, "docs")):
        extra += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".md")]
    for d, _, names in os.walk(os.path.join(ROOT, "bench", "runs")):
        extra += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".md")]
    skip = ("target", "node_modules", "fuzz/target", "fuzz/corpus")
    return sorted(f for f in set(files + extra) if not f.startswith(skip) and "/node_modules/" not in f)


def check(md):
    broken, fence = [], False
    for n, line in enumerate(open(os.path.join(ROOT, md), encoding="utf-8"), 1):
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        line = re.sub(r"`[^`]*`", "", line)
        for m in LINK.finditer(line):
            target = m.group(2) or m.group(3)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue
            path, _, frag = target.partition("#")
            full = os.path.normpath(os.path.join(ROOT, os.path.dirname(md), path)) if path else os.path.join(ROOT, md)
            if not os.path.exists(full) and os.path.relpath(full, ROOT) in PENDING:
                print(f"{md}:{n}: {target}: pending (not written yet)")
            elif not os.path.exists(full):
                broken.append(f"{md}:{n}: {target}: no such file")
            elif frag and full.endswith(".md") and frag not in anchors(full):
                broken.append(f"{md}:{n}: {target}: no heading with that anchor")
    return broken


def main():
    broken = [b for md in markdown_files() for b in check(md)]
    for b in broken:
        print(b)
    print(f"{len(broken)} broken links in {len(markdown_files())} Markdown files")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
