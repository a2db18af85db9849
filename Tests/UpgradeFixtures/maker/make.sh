#!/usr/bin/env bash
# Rebuilds the upgrade fixtures with the released code: a git worktree of commit 4a6295c (the last
# commit before any schema change after the release: migrations m001 + m002) builds this maker,
# which writes the stores and what the released code reads from them.
#   bash Tests/UpgradeFixtures/maker/make.sh
set -euo pipefail
top=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
git -C "$top" worktree add --detach "$work/released" 4a6295c
mkdir -p "$work/released/Sources/fixture-maker"
cp "$top/Tests/UpgradeFixtures/maker/main.swift" "$work/released/Sources/fixture-maker/main.swift"
python3 - "$work/released/Package.swift" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("        // Crash and concurrency tests", """        .executableTarget(name: "fixture-maker", dependencies: ["Restack", "RestackStore", "RestackMigrations", .product(name: "GRDB", package: "GRDB.swift")]),
        // Crash and concurrency tests""")
open(p, "w").write(s)
PY
(cd "$work/released" && swift build --product fixture-maker && .build/debug/fixture-maker "$work/out")
cp "$work/out"/released-* "$top/Tests/UpgradeFixtures/"
git -C "$top" worktree remove --force "$work/released"
rm -rf "$work"
