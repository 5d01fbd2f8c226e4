#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make selftests: the kernel's own driver selftests (Linux 7.3's
# tools/testing/selftests/drivers/net/ and drivers/net/hw/) on the bench,
# one guest per driver, the peer namespace as the remote end
# (scenarios/selftests.sh); prints each test's own KTAP lines per driver,
# then a table test case x driver.
#
# usage: tests/bench/selftests.sh [--drivers r8127,r8169] [--tests LIST]
#            [--test-timeout S] [--reuse] [--env VAR=VALUE]...
#
#   --drivers  which runs (default r8127,r8169): r8127 (rxscale's, on the
#              RTL8127 model) and r8169 (upstream, on the same model: the
#              comparison); mt7988_eth and upstream mtk_soc_eth (module
#              mtk_eth) on the MT7988 model; rzg2l_gbeth and upstream ravb
#              on the GbEth model (4 vCPUs: irq.py's cases name a third CPU)
#   --tests    comma-separated, relative to drivers/net/ (default: $DEFAULT_TESTS)
#   --reuse    judge the logs of the last run again (build/selftests/), no guest
#   --env      passed to the scenario (e.g. RXS_SELFTEST_NETIF=nosuch0)
#
# Logs: build/selftests/<driver>.log (console), <driver>.out (runner).
# Exits 1 when a run failed (an unexpected "not ok", a test without KTAP
# results, an unexpected kernel log line), 0 otherwise. Guests run under
# the guest lock as run-scenario.sh takes it (RXS_GUEST_LOCK).

set -eu

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib/common.sh"

# the scenario's default list (the same for a matrix.txt line without
# RXS_SELFTESTS); what is not in it and why: there and docs/selftests.md
DEFAULT_TESTS=$(sed -n 's/^RXS_SELFTESTS_DEFAULT=//p' "$here/scenarios/selftests.sh")
[ -n "$DEFAULT_TESTS" ] || rxs_die "no RXS_SELFTESTS_DEFAULT in scenarios/selftests.sh"
drivers=r8127,r8169
tests=$DEFAULT_TESTS
ttmo=240
reuse=0
envs=
while [ $# -gt 0 ]; do
	case $1 in
	--drivers) drivers=$2; shift 2 ;;
	--tests) tests=$2; shift 2 ;;
	--test-timeout) ttmo=$2; shift 2 ;;
	--reuse) reuse=1; shift ;;
	--env) envs="$envs --env $2"; shift 2 ;;
	-h|--help) sed -n '3,22s/^# \{0,1\}//p' "$0" | sed "s|\$DEFAULT_TESTS|$DEFAULT_TESTS|"; exit 0 ;;
	*) rxs_die "unknown argument $1 (--help)" ;;
	esac
done

out=$RXS_TOP/build/selftests
mods=$RXS_TOP/build/bench-modules/7.3-arm64
mkdir -p "$out"
ntests=$(echo "$tests" | tr ',' '\n' | grep -c .)
rc=0
summary=
for d in $(echo "$drivers" | tr ',' ' '); do
	# each driver's model, guest options and modules (none: the guest
	# kernel's own driver)
	case $d in
	r8127) nic=rtl8127 model="RTL8127 model" nopts= mod=r8169/r8127.ko ;;
	r8169) nic=rtl8127 model="RTL8127 model" nopts= mod= ;;
	mt7988_eth) nic=mt7988 model="MT7988 model" nopts= mod=mtk_eth_soc/mt7988_eth.ko ;;
	mtk_soc_eth) nic=mt7988 model="MT7988 model" nopts= mod= ;;
	# 4 vCPUs, two more than the RZ/G2L has: irq.py moves the NAPI's
	# IRQ to mask 3, or to 5 when it is already 3 (all of a 2-vCPU guest),
	# and 5 names a third CPU (EOVERFLOW on 2: docs/selftests.md)
	rzg2l_gbeth) nic=rzg2l-gbeth model="GbEth model, 4 vCPUs" mod=ravb/rzg2l_gbeth.ko
		nopts="--smp 4 --monitor --append iomem=relaxed" ;;
	ravb) nic=rzg2l-gbeth model="GbEth model, 4 vCPUs" mod=
		nopts="--smp 4 --monitor --append iomem=relaxed" ;;
	*) rxs_die "no selftest run for driver '$d' (r8127, r8169, mt7988_eth, mtk_soc_eth, rzg2l_gbeth, ravb)" ;;
	esac
	dopts=
	if [ -n "$mod" ]; then
		[ "$reuse" = 1 ] || [ -f "$mods/$mod" ] ||
			"$here/build-modules.sh" 7.3-arm64 >/dev/null ||
			rxs_die "building the 7.3 arm64 modules failed"
		dopts="--module $mods/core/rxscale_core.ko --module $mods/$mod"
	fi
	if [ "$reuse" = 0 ]; then
		t0=$(date +%s)
		# shellcheck disable=SC2086
		"$here/run-scenario.sh" --kernel 7.3 --nic "$nic" $nopts --guest-extra selftests \
			--timeout $((ntests * ttmo + 300)) --log "$out/$d.log" $dopts \
			--file "$here/selftests-known.txt" \
			--env "RXS_SELFTEST_DRIVER=$d" --env "RXS_SELFTESTS=$tests" \
			--env "RXS_SELFTEST_TIMEOUT=$ttmo" $envs \
			"$here/scenarios/selftests.sh" > "$out/$d.out" 2>&1 || true
		echo "$(( $(date +%s) - t0 ))" > "$out/$d.secs"
	fi
	[ -f "$out/$d.out" ] && [ -f "$out/$d.log" ] || rxs_die "no logs of a $d run in $out"
	verdict=$(grep -E '^(PASS|FAIL|SKIP) selftests' "$out/$d.out" | tail -n 1)
	[ -n "$verdict" ] || verdict="FAIL selftests: no verdict from run-scenario.sh ($(tail -n 1 "$out/$d.out"))"
	echo "==== $d (7.3 guest, $model): $(cat "$out/$d.secs" 2>/dev/null || echo '?') s"
	# each test's own KTAP lines: version, plan, results, diagnostics
	tr -d '\r' < "$out/$d.log" | awk '
		/^RXSCALE-SELFTEST-BEGIN: / { t = $2; on = 1; print "---- " t; next }
		/^RXSCALE-SELFTEST-END: / { on = 0; print "---- " t " (" $3 ", " $4 ")"; next }
		on && /^(TAP version|1\.\.[0-9]|ok |not ok |#|    )/ { print }'
	grep '^RXSCALE-FAIL:' "$out/$d.log" | tr -d '\r' || true
	echo "$verdict"
	case $verdict in PASS*) ;; *) rc=1 ;; esac
	summary="$summary
$d: $verdict ($(cat "$out/$d.secs" 2>/dev/null || echo '?') s)"
done

# the table: one row per test case, one column per driver; reasons below
echo
echo "==== selftests x driver (Linux 7.3.4 selftests, 7.3 guest, each driver on its model)"
# why a case failed: the last diagnostic line that says so before its
# "not ok" (a failed check, an exception, a command's stderr)
for d in $(echo "$drivers" | tr ',' ' '); do
	tr -d '\r' < "$out/$d.log" | awk -v d="$d" '
		/^RXSCALE-SELFTEST-BEGIN: / { why = ""; next }
		/^ok [0-9]+ / { why = ""; next }
		/^not ok [0-9]+ / {
			c = $4
			print d, c, (why == "" ? "(no diagnostic)" : why)
			why = ""; next
		}
		/Check failed|Exception\| [A-Za-z_.]*(Error|Exception|Failure|Fail)[A-Za-z]*: |STDERR: ..*|too few frames|missing packets|is not valid on/ {
			w = $0
			sub(/^# (Exception\||Check\|)? */, "", w)
			sub(/^ *STDERR: */, "", w)
			sub(/^ */, "", w)
			why = substr(w, 1, 110)
		}'
done > "$out/why.txt"
for d in $(echo "$drivers" | tr ',' ' '); do
	tr -d '\r' < "$out/$d.log" | sed -n "s/^RXSCALE-SELFTEST-RESULT: /$d /p"
done | awk -v drivers="$drivers" -v whyf="$out/why.txt" '
	BEGIN {
		nd = split(drivers, dv, ",")
		while ((getline l < whyf) > 0) {
			split(l, f, " ")
			w = l
			sub(/^[^ ]+ [^ ]+ /, "", w)
			failwhy[f[1] SUBSEP f[2]] = w
		}
	}
	{
		d = $1; t = $2; c = $3
		key = (c == "-") ? t : c
		r = $0
		sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", r)
		res = r; why = ""
		if (index(r, ": ")) { res = substr(r, 1, index(r, ": ") - 1); why = substr(r, index(r, ": ") + 2) }
		sub(/:$/, "", res)
		if (res == "not-ok" && why == "" && ((d SUBSEP key) in failwhy))
			why = failwhy[d SUBSEP key]
		if (!(key in seen)) { seen[key] = 1; order[++n] = key }
		cell = res
		if (why != "") {
			if (!((d SUBSEP why) in note)) {
				nn++
				note[d SUBSEP why] = nn
				notes[nn] = "[" nn "] " d ": " why
			}
			cell = res " [" note[d SUBSEP why] "]"
		}
		cells[d SUBSEP key] = cell
		count[d SUBSEP res]++
	}
	END {
		w = 10
		for (i = 1; i <= n; i++) if (length(order[i]) > w) w = length(order[i])
		printf "%-" w "s", "test case"
		for (j = 1; j <= nd; j++) printf "  %-22s", dv[j]
		printf "\n"
		for (i = 1; i <= n; i++) {
			printf "%-" w "s", order[i]
			for (j = 1; j <= nd; j++) {
				c = cells[dv[j] SUBSEP order[i]]
				printf "  %-22s", (c == "") ? "(not run)" : c
			}
			printf "\n"
		}
		printf "%-" w "s", "totals"
		for (j = 1; j <= nd; j++)
			printf "  %-22s", sprintf("%d ok %d skip %d known %d fail", count[dv[j] SUBSEP "ok"] + count[dv[j] SUBSEP "xfail"],
				count[dv[j] SUBSEP "skip"],
				count[dv[j] SUBSEP "not-ok-known"] + count[dv[j] SUBSEP "error-known"],
				count[dv[j] SUBSEP "not-ok"] + count[dv[j] SUBSEP "error"])
		printf "\n\n"
		for (k = 1; k <= nn; k++) print notes[k]
	}'
echo "$summary" | sed '/^$/d'
exit $rc
