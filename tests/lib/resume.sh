# SPDX-License-Identifier: GPL-2.0
# `make check-full RESUME=1`: the full tier continued across runs (POSIX sh).
#
# Why: the full tier takes about 4 h on the 2-core machine (the bench's
# full-length lines, softirq-compare, the debug kernel's endurance runs),
# more than a working session. Every unit of it (a suite of run-check.sh, a
# line of the bench's matrix, a check of the debug tier) that passes is
# recorded under the key of the tested content; a later run with RESUME=1
# does not run a unit again that passed on the same content, and prints its
# recorded line marked "[earlier run ...]". Failed, skipped and unrun units
# always run. Without RESUME=1 nothing recorded is used (but passes are still
# recorded, so an interrupted plain run can be continued).
#
# The key: git's index entries (path, mode, blob) of every tracked file but
# the *.md prose (a document cannot change a result), and the names of the
# cache's versioned builds (QEMU, the guests' kernels, the debug kernel's by
# the name tests/kdebug/build.sh --name gives it, built or not), so
# that a new Debian kernel or QEMU starts over, and the RXS_* settings of the
# environment (RXS_ENDURE_MB=1024 is another run). A checkout with uncommitted
# changes or untracked files has no key: what ran there was no commit's.
#
# Records: $RXS_CACHE/check-full/<key>/<unit>: the commit and date, then the
# unit's own lines (for a bench line: its times-file entry, then its result).

# rxs_resume_key: print the key of the checkout at $RXS_TOP; fails (prints
# nothing) when the checkout has uncommitted changes or untracked files.
rxs_resume_key() {
	[ -z "$(git -C "$RXS_TOP" status --porcelain 2>/dev/null)" ] || return 1
	git -C "$RXS_TOP" rev-parse -q --verify HEAD >/dev/null || return 1
	{
		git -C "$RXS_TOP" ls-files -s | grep -v '\.md$'
		for _rp in "$RXS_CACHE"/qemu-* "$RXS_CACHE"/guest/[0-9]*-*; do
			[ -e "$_rp" ] && echo "${_rp#"$RXS_CACHE"/}"
		done
		# the debug kernel by the name it has when built: on a new machine
		# it is built late in the run, and a key that changed then would
		# make RESUME=1 start over
		"$RXS_TOP/tests/kdebug/build.sh" --name 2>/dev/null || echo "kdebug: none"
		# settings from the environment (RXS_ENDURE_MB=1024 ...)
		env | grep -E '^RXS_' |
			grep -vE '^RXS_(RESUME_[A-Z]*|GUEST_LOCK|TOP|CACHE|BENCH_LOGS)=' | sort
	} | sha256sum | cut -c1-16
}

# rxs_resume_init: called by run-check.sh --full after prepare. Sets and
# exports RXS_RESUME_DIR (where passes are recorded) when the checkout has a
# key; prints why not otherwise. RXS_RESUME_USE=1 (from --resume) is kept.
rxs_resume_init() {
	_rk=$(rxs_resume_key) || _rk=
	if [ -z "$_rk" ]; then
		unset RXS_RESUME_DIR
		echo "resume: the checkout has uncommitted changes or untracked files: nothing recorded, nothing reused"
		[ "${RXS_RESUME_USE:-0}" = 1 ] && return 1
		return 0
	fi
	RXS_RESUME_DIR=$RXS_CACHE/check-full/$_rk
	mkdir -p "$RXS_RESUME_DIR"
	export RXS_RESUME_DIR
	_rn=$(find "$RXS_RESUME_DIR" -type f | wc -l)
	if [ "${RXS_RESUME_USE:-0}" = 1 ]; then
		echo "resume: key $_rk ($RXS_RESUME_DIR): $_rn unit(s) passed in earlier runs of this content, not run again"
	else
		echo "resume: key $_rk: passes recorded in $RXS_RESUME_DIR (RESUME=1 reuses them)"
	fi
}

# rxs_resume_done UNIT: when reuse is on and UNIT passed earlier on this
# content, print its recorded lines (all but the header; a first line
# "times: ..." is left for rxs_resume_times) marked with the earlier run,
# and succeed.
rxs_resume_done() {
	[ "${RXS_RESUME_USE:-0}" = 1 ] && [ -n "${RXS_RESUME_DIR:-}" ] || return 1
	_rf=$RXS_RESUME_DIR/$1
	[ -f "$_rf" ] || return 1
	_rwhen=$(sed -n '1s/^# //p' "$_rf")
	sed -e '1d' -e '/^times: /d' "$_rf" | sed "1s/\$/ [earlier run: $_rwhen]/"
}

# rxs_resume_times UNIT: the "times: " line of UNIT's record, without it.
rxs_resume_times() {
	sed -n 's/^times: //p' "$RXS_RESUME_DIR/$1"
}

# rxs_resume_pass UNIT [TIMES]: record that UNIT passed, its lines on
# standard input (TIMES: a times-file entry kept with them).
rxs_resume_pass() {
	[ -n "${RXS_RESUME_DIR:-}" ] || { cat >/dev/null; return 0; }
	{
		echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$RXS_TOP" rev-parse --short HEAD)"
		[ -z "${2:-}" ] || echo "times: $2"
		cat
	} >"$RXS_RESUME_DIR/$1.new" && mv "$RXS_RESUME_DIR/$1.new" "$RXS_RESUME_DIR/$1"
}
