#!/usr/bin/env bash
# Issue 45's battery of careless and hostile input, re-run against this checkout: every command the issue quotes
# (smoke-sized) and its obvious variants. Each case checks what the issue's "Done when" asks of it: its exit code,
# at most 3 lines for bad input, no stack trace, no file outside its results folder changed, no process of it left,
# no secret in any file, log, `ps` line or environment of a JVM. One line per case, then the totals; exit 1 if any
# case failed. Not part of `verify`: it runs real forked JVMs (about 10 minutes on 2 cores).
#   scripts/battery.sh            RT (the scratch folder) is a new temporary directory, kept for reading
#   RT=/tmp/x scripts/battery.sh  the same in a folder of your choice (it must not exist yet, or be empty)
# The JDK is the one the launcher runs on (`./bakeoff jdk --home`); a JDK 21 beside it enables the --jdk 21,25 cases.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
B="$ROOT/bakeoff"
RT="${RT:-$(mktemp -d /tmp/bakeoff-battery.XXXXXX)}"
mkdir -p "$RT" && [ -z "$(ls -A "$RT")" ] || { echo "battery: RT=$RT must be a new or empty folder" >&2; exit 2; }
RT="$(cd "$RT" && pwd)"
JDK="$("$B" jdk --home)" || { echo "battery: no JDK the launcher accepts" >&2; exit 2; }
SECRET="battery-secret-$RANDOM$RANDOM$RANDOM"
OUTSIDE="$RT/outside"    # the user's own files: no case may change them
LOGS="$RT/logs"
mkdir -p "$OUTSIDE" "$LOGS"
echo "my own notes" > "$OUTSIDE/victim.txt"
echo "<html>my own page</html>" > "$OUTSIDE/page.html"
held=0 failed=0 failures=()

outside_sum() { find "$OUTSIDE" -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum; }

# Java processes whose command line or environment holds the secret (the shells that hand it on are not checked:
# the launcher takes it out of the environment before Java starts).
secret_in_ps() {
  local pid
  ps -eo args= | grep -F -- "$SECRET" | grep -v -e battery -e grep -e '^bash ' -e "$B" | grep -q java && return 0
  for pid in $(pgrep java); do
    { tr '\0' '\n' < "/proc/$pid/environ"; } 2>/dev/null | grep -qF -- "$SECRET" && return 0
  done
  return 1
}

# case NAME EXIT MAXLINES CMD...: runs CMD (from $RT) and checks it; EXIT is a regex (0, 2, 0|1); MAXLINES 0 = any.
# A function check_NAME, when defined, adds its own checks (it echoes why it failed and returns 1).
case_() {
  local name=$1 want=$2 max=$3; shift 3
  local out="$LOGS/$name.txt" before why="" code lines seen=0
  before=$(outside_sum)
  (cd "$RT" && exec "$@") > "$out" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    secret_in_ps && seen=1
    sleep 0.5
  done
  wait "$pid"; code=$?
  lines=$(grep -c '' "$out")
  [[ "$code" =~ ^($want)$ ]] || why+="exit $code (want $want); "
  [ "$max" -eq 0 ] || [ "$lines" -le "$max" ] || why+="$lines lines (want <= $max); "
  grep -qE '^\s+at [A-Za-z_$][A-Za-z0-9_$.]*\(|Exception in thread' "$out" && why+="a stack trace; "
  [ "$(outside_sum)" = "$before" ] || why+="a file outside the results folder changed; "
  [ "$seen" -eq 0 ] || why+="the secret in a JVM's command line or environment; "
  grep -rlF --exclude-dir=outside --exclude=password.txt -- "$SECRET" "$RT" >/dev/null 2>&1 &&
    why+="the secret in $(grep -rlF --exclude-dir=outside --exclude=password.txt -- "$SECRET" "$RT" | head -1); "
  local left
  for _ in 1 2 3 4 5 6 7 8 9 10; do left=$(pgrep -f -- "$RT/" | grep -vx "$$" || true); [ -z "$left" ] && break; sleep 1; done
  [ -z "$left" ] || why+="processes left: $left; "
  if declare -F "check_$name" >/dev/null; then why+=$("check_$name" "$out" "$code" || true); fi
  if [ -z "$why" ]; then
    held=$((held + 1)); printf 'held    %s\n' "$name"
  else
    failed=$((failed + 1)); failures+=("$name"); printf 'FAILED  %s: %s(%s)\n' "$name" "$why" "$out"
  fi
}

# Python over a results.json: exits 1 with a reason when the assertion fails.
json() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); $2" "$1"; }

echo "battery: RT=$RT, JDK $JDK; building..." >&2
"$B" --help > "$LOGS/build.txt" 2>&1 || { echo "battery: the build failed (see $LOGS/build.txt)" >&2; exit 2; }

SMOKE=(-w arithmetic -s direct,executor-fixed-cpu -p smoke -n 20)

# --- setup: a run to hold, checked and compared against (cause 1 reruns it with --force) ---
case_ setup-run '0' 0 "$B" run "${SMOKE[@]}" --out "$RT/A"
cp -r "$RT/A" "$RT/S1"

# --- 1. --force deletes only what Bakeoff wrote ---
echo "notes" > "$RT/A/cells/my-analysis.txt"
check_force-keeps-user-file() { [ -f "$RT/A/cells/my-analysis.txt" ] || echo "cells/my-analysis.txt deleted; "; }
case_ force-keeps-user-file '0|2' 0 "$B" run "${SMOKE[@]}" --out "$RT/A" --force

# --- 2. check never overwrites what it reads ---
sum_s1() { sha256sum "$RT/S1/results.json" | cut -d' ' -f1; }
S1SUM=$(sum_s1)
check_baseline() { [ "$(sum_s1)" = "$S1SUM" ] || echo "S1/results.json changed; "; }
check_check-junit-on-baseline() { check_baseline; }
check_check-summary-on-baseline() { check_baseline; }
case_ check-junit-on-baseline '2' 3 "$B" check "$RT/S1" "$RT/A" --junit "$RT/S1/results.json"
case_ check-summary-on-baseline '2' 3 "$B" check "$RT/S1" "$RT/A" --summary "$RT/S1/results.json"
case_ check-junit-on-current '2' 3 "$B" check "$RT/S1" "$RT/A" --junit "$RT/A/results.json"

# --- 3. writes never follow a planted link, nor replace a user's own page ---
cp -r "$RT/S1" "$RT/C" && rm -f "$RT/C/compare.html" && ln -s "$OUTSIDE/victim.txt" "$RT/C/compare.html"
case_ compare-through-link '0|1|2' 0 "$B" compare "$RT/S1/results.json" "$RT/C/results.json"
cp -r "$RT/S1" "$RT/C2" && cp "$OUTSIDE/page.html" "$RT/C2/compare.html"
check_compare-over-own-page() { cmp -s "$OUTSIDE/page.html" "$RT/C2/compare.html" || echo "the user's compare.html replaced; "; }
case_ compare-over-own-page '0|1|2' 0 "$B" compare "$RT/S1/results.json" "$RT/C2/results.json"
cp -r "$RT/S1" "$RT/R" && ln -s "$OUTSIDE/victim.txt" "$RT/R/.report.html.tmp"
check_report-planted-tmp() { [ -L "$RT/R/report.html" ] && echo "report.html is a link; "; return 0; }
case_ report-planted-tmp '0|2' 0 "$B" report "$RT/R/results.json"

# --- 4. secrets reach no JVM, file, log or ps line ---
printf '%s\n' "$SECRET" > "$RT/password.txt"
FS=(-n 20 -s virtual-threads -p smoke --wait blocking)
case_ secret-env-file-sender '0' 0 env BAKEOFF_JDBC_PASSWORD="$SECRET" "$B" scenario file-sender "${FS[@]}" --out "$RT/FS"
case_ secret-env-order-status '0' 0 env BAKEOFF_JDBC_PASSWORD="$SECRET" "$B" scenario order-status "${FS[@]}" --out "$RT/OS1"
case_ secret-option-order-status '0|2' 0 "$B" scenario order-status "${FS[@]}" --jdbc-password "$SECRET" --out "$RT/OS2"
case_ secret-file-order-status '0|2' 0 "$B" scenario order-status "${FS[@]}" --jdbc-password-file "$RT/password.txt" --out "$RT/OS3"
case_ secret-param-echoed '2' 3 "$B" scenario file-sender "${FS[@]}" --param "password=$SECRET" --out "$RT/OS4"

# --- 5. control characters and markup from data ---
python3 - "$RT/S1/results.json" "$RT/INJ" <<'EOF'
import json, os, sys
r = json.load(open(sys.argv[1]))
bad = "\u001b[31mred\u001b[0m \u0001 <script>alert(1)</script> ![img](http://example.com/x.png) [link](http://example.com)"
for c in r["cells"]:
    c["strategy"] = c["strategy"]  # names stay catalog names: the message carries the markup
c = r["cells"][0]
c["status"] = "failed"; c["error"] = bad
os.makedirs(sys.argv[2], exist_ok=True)
json.dump(r, open(os.path.join(sys.argv[2], "results.json"), "w"))
EOF
check_check-control-chars() {
  [ -f "$RT/j.xml" ] || { echo "no junit.xml; "; return; }
  grep -qP '[\x01\x1b]' "$RT/j.xml" "$RT/s.md" && echo "a control character written raw; "
  grep -qE '<script>|!\[img\]\(http' "$RT/s.md" && echo "markup from data in the summary; "
  return 0
}
case_ check-control-chars '0|1|2' 0 "$B" check "$RT/S1" "$RT/INJ" --junit "$RT/j.xml" --summary "$RT/s.md"

# --- 6. --deadline ---
NET=(-w network -s coroutine-io,virtual-threads -p smoke -n 20)
KEPT='[sys.exit("answer overran: %s" % c["strategy"]) for c in r["cells"] if c["status"] == "ok" and c.get("deadline") and c["deadline"]["lateP50Ns"] > max(c["deadline"]["deadlineNs"], 20_000_000)]'
no_nse() { grep -q NoSuchElementException "$1" "$2/results.json" 2>/dev/null && echo "NoSuchElementException; "; return 0; }
check_deadline-2ms() { no_nse "$1" "$RT/DL1"; json "$RT/DL1/results.json" "$KEPT" || echo "an overrunner ranked; "; }
check_deadline-1us() { no_nse "$1" "$RT/DL2"; }
check_deadline-rx-20ms() {
  grep -q 'left alive' "$RT/DL3/results.json" && echo "Rx timer threads counted as leaked; "
  json "$RT/DL3/results.json" "$KEPT" || echo "an overrunner ranked; "
}
case_ deadline-2ms '0|1' 0 "$B" run "${NET[@]}" --deadline 2ms --out "$RT/DL1"
case_ deadline-1us '0|1' 0 "$B" run -w network -s coroutine-io,completable-all,virtual-threads -p smoke -n 20 --deadline 1us --out "$RT/DL2"
case_ deadline-rx-20ms '0|1' 0 "$B" run -w network -s rx-io,rx-merge,virtual-threads -p smoke -n 20 --deadline 20ms --out "$RT/DL3"
check_deadline-overran() {
  json "$RT/DL4/results.json" 'c=[c for c in r["cells"] if c["strategy"]=="coroutine-io"][0]; sys.exit(None if c["status"]=="failed" and "overran the deadline" in (c.get("error") or "") else "coroutine-io: " + c["status"])' || echo "a blocking batch 80 ms late not flagged; "
}
case_ deadline-overran '1' 0 "$B" run -w network -s coroutine-io,virtual-threads -p smoke -n 100 --deadline 20ms --out "$RT/DL4"
case_ deadline-1h-listed '0' 0 "$B" run -w arithmetic -s direct -p smoke --deadline 1h --dry-run

# --- 7. load ---
check_nothing-made() { [ -e "$RT/L0" ] && echo "a results folder made before the refusal; "; return 0; }
check_load-window-cut() { check_nothing-made; }
case_ load-window-cut '2' 3 "$B" load -w arithmetic -s executor-fixed-cpu --rate 200k/s --arrival uniform --duration 30s --out "$RT/L0"
case_ capacity-empty-window '2' 3 "$B" capacity -w arithmetic -s executor-fixed-cpu --duration 1ms --out "$RT/L0"
LOAD=(-s executor-fixed:size=4 --rate 200/s --duration 500ms -n 10)
ok_load() { json "$1/results.json" 'c=r["load"][0]; sys.exit(None if c["status"]=="ok" else c["status"] + ": " + str(c.get("error")))' || echo "not ok; "; }
check_load-failure-workload() { ok_load "$RT/L1"; }
check_load-order-status() { ok_load "$RT/L2"; }
check_load-user-task() { ok_load "$RT/L3"; }
case_ load-failure-workload '0' 0 "$B" load -w fail-at:item=3:work=storage "${LOAD[@]}" --out "$RT/L1"
case_ load-order-status '0' 0 "$B" load --scenario order-status:call-ms=1 -s executor-fixed:size=8 --rate 200/s --duration 1s -n 10 --out "$RT/L2"
mkdir -p "$RT/task/outside" "$RT/classes"
cat > "$RT/task/outside/Doubler.java" <<'EOF'
package outside;
public class Doubler implements dev.bakeoff.model.Workload {
    public int run(int seed) { return seed * 2; }
}
EOF
cat > "$RT/task/outside/Huge.java" <<'EOF'
package outside;
public class Huge implements dev.bakeoff.model.Workload {
    public int run(int seed) { throw new IllegalStateException("x".repeat(4_000_000)); }
}
EOF
"$JDK/bin/javac" -cp "$ROOT/target/classes" -d "$RT/classes" "$RT"/task/outside/*.java > "$LOGS/javac.txt" 2>&1
case_ load-user-task '0' 0 "$B" load -w task:class=outside.Doubler --classpath "$RT/classes" "${LOAD[@]}" --out "$RT/L3"
case_ load-user-task-wrong '2' 3 "$B" load -w task:class=com.example.Nope --classpath "$RT/classes" "${LOAD[@]}" --out "$RT/L4"
small() { [ "$(wc -c < "$1")" -lt 100000 ] || echo "$(basename "$1") holds $(wc -c < "$1") bytes; "; return 0; }
check_load-huge-message() { small "$1"; small "$RT/L5/results.json"; }
check_run-huge-message() { small "$1"; small "$RT/H/results.json"; }
case_ load-huge-message '1' 0 "$B" load -w task:class=outside.Huge --classpath "$RT/classes" "${LOAD[@]}" --out "$RT/L5"
case_ run-huge-message '1' 0 "$B" run -w task:class=outside.Huge --classpath "$RT/classes" -s direct -p smoke -n 10 --out "$RT/H"

# --- 8. results files validated, bounded ---
python3 - "$RT/S1/results.json" "$RT" <<'EOF'
import copy, json, os, sys
src, rt = sys.argv[1], sys.argv[2]
def write(name, r):
    os.makedirs(os.path.join(rt, name), exist_ok=True)
    json.dump(r, open(os.path.join(rt, name, "results.json"), "w"))
r = json.load(open(src))
bad = copy.deepcopy(r)
t = bad["cells"][0]["timeNs"]
t["forks"] = [len(t.get("runs", [])) + 5]
write("BADFORKS", bad)
huge = copy.deepcopy(r)
huge["cells"] = [copy.deepcopy(r["cells"][0]) for _ in range(100_000)]
write("HUGE", huge)
EOF
case_ check-bad-forks '2' 3 "$B" check "$RT/S1" "$RT/BADFORKS"
case_ compare-bad-forks '2' 3 "$B" compare "$RT/S1/results.json" "$RT/BADFORKS/results.json"
case_ merge-bad-forks '2' 3 "$B" merge "$RT/S1" "$RT/BADFORKS" --out "$RT/M0"
case_ report-100k-cells '2' 3 timeout 60 "$B" report "$RT/HUGE/results.json"

# --- 9. merge keeps footprint results ---
case_ footprint-run '0' 0 "$B" footprint -s virtual-threads --tasks 1000,2000 --out "$RT/F"
# The same footprint from another machine (its CPU renamed): merged beside the first, not dropped.
cp -r "$RT/F" "$RT/F2" && json "$RT/F/results.json" 'r["machine"]["cpuModel"] = "Other CPU"; json.dump(r, open(sys.argv[1].replace("/F/", "/F2/"), "w"))'
check_merge-footprint() {
  grep -q '0 cells on 0 machine' "$1" && echo "footprint dropped; "
  json "$RT/M/results.json" 'sys.exit(None if len(r.get("footprint") or []) >= 2 else "footprint dropped")' || echo "no footprint; "
}
case_ merge-footprint '0' 0 "$B" merge "$RT/F" "$RT/F2" --out "$RT/M"
# A footprint slope with a low bound and no high (item 8's mutation): refused by every reader in one line.
json "$RT/F/results.json" 'import os; s=r["footprint"][0]["heapBytesPerTask"]; s["low"]=s["value"]/2; s.pop("high", None); os.makedirs(sys.argv[1].replace("/F/", "/FLOW/").rsplit("/",1)[0], exist_ok=True); json.dump(r, open(sys.argv[1].replace("/F/", "/FLOW/"), "w"))'
case_ report-slope-low-only '2' 3 "$B" report "$RT/FLOW/results.json"
case_ merge-slope-low-only '2' 3 "$B" merge "$RT/F" "$RT/FLOW" --out "$RT/M3"
# A load point of 1e308/s and one of 0 s (item 8's "drawn and merged"): refused in one line.
json "$RT/L3/results.json" 'import os; r["load"][0]["ratePerSec"]=1e308; os.makedirs(sys.argv[1].replace("/L3/", "/LBAD/").rsplit("/",1)[0], exist_ok=True); json.dump(r, open(sys.argv[1].replace("/L3/", "/LBAD/"), "w"))'
case_ report-load-1e308 '2' 3 "$B" report "$RT/LBAD/results.json"
case_ merge-footprint-with-run '2' 3 "$B" merge "$RT/F" "$RT/S1" --out "$RT/M2"

# --- 10. JDKs that half work ---
mkdir -p "$RT/fake0/bin" "$RT/fake1/bin"
printf '#!/bin/sh\nexit 0\n' > "$RT/fake0/bin/java"
printf '#!/bin/sh\necho '"'"'openjdk version "25.0.3" 2026-04-21'"'"' >&2\nexit 0\n' > "$RT/fake1/bin/java"
chmod +x "$RT/fake0/bin/java" "$RT/fake1/bin/java"
echo 'JAVA_VERSION="25.0.3"' | tee "$RT/fake0/release" > "$RT/fake1/release"
case_ fake-java-home-check '2' 3 env JAVA_HOME="$RT/fake0" BAKEOFF_JVM_DIRS="$RT/none" "$B" check "$RT/S1" "$RT/A"
case_ fake-jdk-fork '2' 3 "$B" run -w arithmetic -s direct -p smoke --jdk "$RT/fake1" --out "$RT/J0"

# --- 11 and 12. refused up front, in one line, before anything runs ---
over=$(( $(nproc) + 1 ))
case_ cpus-sweep-beyond '2' 3 "$B" run -w arithmetic -s direct -p smoke --param "cpus=1,$over" --out "$RT/U1"
case_ check-unwritable-junit '2' 3 "$B" check "$RT/S1" "$RT/A" --junit /proc/nope/j.xml
case_ footprint-tasks-huge '2' 3 "$B" footprint -s virtual-threads --tasks 1000,2147483647 --out "$RT/U2"
case_ synthetic-cpu-huge '2' 3 "$B" run -w synthetic:cpu-us=2147483647 -s direct -p smoke --out "$RT/U3"
case_ hazards-with-cpus '2' 3 "$B" run --suite hazards --cpus 1 --out "$RT/U4"
case_ suspending-blocking-only '2' 3 "$B" run -w pinning -s virtual-threads --wait suspending -p smoke --out "$RT/U5"
case_ selfcheck-aa-ignored '2' 3 "$B" selfcheck --aa -s direct
case_ recommend-from-ignored '2' 3 "$B" recommend --from "$RT/S1/results.json" --cpu-us 5
if "$B" jdk 2>/dev/null | grep -qE '^│ *21\.'; then
  case_ jdk-21-25 '0|1' 0 "$B" run -w arithmetic -s direct,structured-task-scope -p smoke -n 20 --jdk 21,25 --out "$RT/JJ"
else
  echo "skipped jdk-21-25: no JDK 21 here"
fi

echo "battery: $held held, $failed failed of $((held + failed)) cases (RT=$RT)"
[ "$failed" -eq 0 ] || { printf 'failed: %s\n' "${failures[*]}"; exit 1; }
