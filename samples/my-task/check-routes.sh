#!/usr/bin/env bash
# Runs this sample's README as a new user would: a fresh clone of the checkout's HEAD, a local Maven repository
# without Bakeoff in it, JAVA_HOME unset and a JDK below 21 first on PATH when the machine has one. The README's
# two bash blocks run verbatim, "Run it" in samples/my-task and "The same class from the command line" in the
# clone's root, each in a new shell; any failing command, a sun.misc.Unsafe warning or a Kotlin compile daemon
# left running fails the check (exit 1). Offline: the repository is seeded from ~/.m2/repository (Bakeoff's
# own artifact left out) and Maven runs with -o. Takes minutes (Bakeoff is built and installed once).
#   samples/my-task/check-routes.sh [WORK_DIR]    (default: a new temporary folder, kept for reading)
set -uo pipefail
checkout="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${1:-$(mktemp -d -t bakeoff-sample-XXXXXX)}"
readme="$checkout/samples/my-task/README.md"

# The lines of the bash block under the README heading $1.
block() {
  awk -v h="$1" '$0 == h { on = 1; next } on && /^```bash$/ { inside = 1; next }
    inside && /^```$/ { exit } inside' "$readme"
}

rm -rf "$work/clone" "$work/repository" && mkdir -p "$work/repository" || exit 2
git clone -q "$checkout" "$work/clone" || exit 2
(cd "${HOME}/.m2/repository" && tar cf - --exclude=./dev/bakeoff .) | (cd "$work/repository" && tar xf -) || exit 2
# Maven 3.9's bin/mvn appends MAVEN_ARGS to every command line: the README's commands stay as written.
export MAVEN_ARGS="-o -Dmaven.repo.local=$work/repository"
unset JAVA_HOME
old_jdk=$(for j in /usr/lib/jvm/*/; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$j/release" 2>/dev/null)
  [ -n "$v" ] && [ "$v" -lt 21 ] && [ -x "$j/bin/java" ] && echo "${j%/}" && break
done)
[ -n "$old_jdk" ] && export PATH="$old_jdk/bin:$PATH"
echo "java first on PATH: $(command -v java || echo none) ($(java -version 2>&1 | head -n 1))"

failed=0
daemons() { pgrep -f KotlinCompileDaemon | sort; }
daemons_before=$(daemons)
route() { # heading, directory (in the clone)
  local log="$work/$(tr 'A-Z' 'a-z' <<<"${1#\#\# }" | tr -cs 'a-z' '-' | sed 's/-$//').log" script
  script=$(block "$1")
  [ -n "$script" ] || { echo "FAIL: no bash block under '$1' in $readme"; failed=1; return; }
  echo "== $1 (in ${2:-the root}): $(wc -l <<<"$script") commands, log $log"
  (cd "$work/clone/$2" && bash -exo pipefail -c "$script") >"$log" 2>&1
  local rc=$?
  if [ $rc -ne 0 ]; then echo "FAIL: exit $rc; the log's end:"; tail -n 20 "$log"; failed=1; fi
  if grep -q "sun.misc.Unsafe" "$log"; then
    echo "FAIL: sun.misc.Unsafe warnings:"; grep "sun.misc.Unsafe" "$log"; failed=1
  fi
}
# The command-line route first: it is the one that must install Bakeoff into the empty repository itself.
route "## The same class from the command line" ""
route "## Run it" "samples/my-task"
# Only daemons started since the check began count: another build on the machine may have its own.
left=$(comm -13 <(echo "$daemons_before") <(daemons) | grep -c .)
[ "$left" -eq 0 ] || { echo "FAIL: $left Kotlin compile daemon(s) left running"; failed=1; }
[ $failed -eq 0 ] && echo "OK: both routes ran as the README says" || exit 1
