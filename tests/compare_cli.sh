#!/usr/bin/env bash
# compare_cli.sh NATIVE WASM — runs the same scenarios through the native CLI and the wasm CLI
# (under Node) and requires byte-identical stdout apart from `timing` (which is measured), the
# same stderr and the same exit status, and that status the expected one: 0 for every command
# except the bad inputs (2). Covers a mesh, a torus, every routing
# function, replications, a CSV trace and an SWF trace,
# the shipped .swf.gz logs and truncated/corrupt gzip, EASY and conservative backfilling on
# traces, accelerator pods (every pod policy, both generations, slice mixes, a trace mapped to
# slices, pod sweeps with their pod metric columns, raw and paired, host failures), sweeps (one of them the input
# of two `plot` calls), `place`, `link`, `list` and a bad input (same stderr line, exit status 2).
set -uo pipefail
native=$1; wasm=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/jobs.csv" <<'CSV'
arrival,width,height,runtime
0,4,4,30
1.5,8,2,12.25
2,3,3,40
7,16,1,5
9,2,7,18
CSV
cat > "$tmp/log.swf" <<'SWF'
; MaxProcs: 64
1 0 0 100 16 -1 -1 16 120 -1 1 1 1 1 1 -1 -1 -1
2 5 0 40 7 -1 -1 7 50 -1 1 1 1 1 1 -1 -1 -1
3 9 0 -1 4 -1 -1 4 50 -1 0 1 1 1 1 -1 -1 -1
4 12 0 60 33 -1 -1 33 70 -1 1 1 1 1 1 -1 -1 -1
5 20 0 10 2 -1 -1 2 15 -1 1 1 1 1 1 -1 -1 -1
SWF
strip() { sed -E 's/, "timing": \{[^}]*\}//'; }
fail=0; n=0
# check_status WANT ARGS... : both CLIs run ARGS; stdout (timing stripped), stderr and exit status
# must agree, the status must be WANT and the output not empty. The native stdout stays in
# $tmp/last.out (the next command's input, for `plot`).
check_status() {
  local want=$1; shift
  n=$((n+1))
  local a b ea eb why=""
  a=$(cd "$tmp" && $native "$@" 2>"$tmp/ea" | strip); ea=$?
  b=$(cd "$tmp" && $wasm "$@" 2>"$tmp/eb" | strip); eb=$?
  printf '%s\n' "$a" > "$tmp/last.out"
  [ "$1" = sweep ] && : > "$tmp/ea" && : > "$tmp/eb"   # sweep's stderr is progress with times
  if [ "$a" != "$b" ] || ! cmp -s "$tmp/ea" "$tmp/eb"; then why="DIFFER"
  elif [ "$ea" != "$eb" ]; then why="DIFFER (exit status $ea native, $eb wasm)"
  elif [ "$ea" != "$want" ]; then why="FAILED (exit status $ea in both, expected $want)"
  elif [ -z "$a" ] && [ ! -s "$tmp/ea" ]; then why="EMPTY"
  fi
  if [ -n "$why" ]; then
    echo "$why: $*"; echo " native: ${a:0:300} $(head -c 200 "$tmp/ea")"; echo " wasm:   ${b:0:300} $(head -c 200 "$tmp/eb")"; fail=$((fail+1))
  fi
}
check() { check_status 0 "$@"; }  # a command that must succeed
check run
check run size=32x32 strategy=random jobs=3000 seed=7
check run topology=torus size=20x12 strategy=as arrival=poisson:0.05 job_size=exponential:4 jobs=3000
check run size=16x16 strategy=bf scheduler=ssd job_size=uniform-decreasing service=uniform:5-50 jobs=2000 replications=3
check run size=12x12 job_size=normal:5,2 arrival=batch jobs=500 service=fixed:3
check run size=16x16 trace=jobs.csv
check run size=8x8 trace=log.swf jobs=10
check run size=12x12 pattern=all-to-all strategy=pald-ff jobs=150 arrival=poisson:0.002
check run topology=torus size=10x10 pattern=near-neighbor strategy=mbs jobs=200 comm_iterations=2 compute_time=4
check run size=16x16 pattern=one-to-all scheduler=easy jobs=100 arrival=poisson:0.001 strategy=nas
check run size=12x12 pattern=random jobs=200 strategy=random
# every routing function (west-first adapts to the routers' free ports: the same choices in wasm)
for r in yx west-first; do check run size=12x12 pattern=all-to-all routing=$r strategy=random jobs=150 arrival=poisson:0.004; done
check run topology=torus size=10x10 pattern=random routing=dateline-yx jobs=150 arrival=poisson:0.01
check_status 2 run topology=torus routing=west-first
# allocation time: counted operations charged as simulated time (fcfs, easy, greedy)
check run size=32x32 strategy=qa alloc_cost=0.01 jobs=400 arrival=poisson:0.05
check run size=16x16 strategy=mfa scheduler=easy alloc_cost=0.001 jobs=400
check run size=20x20 strategy=fsl scheduler=greedy max_wait=200 alloc_cost=0.0005 jobs=300
# backfilling on traces (estimates = requested times, jobs end early): EASY and conservative,
# contiguous and non-contiguous strategies, mesh and torus (mean_bounded_slowdown is in results)
for st in ff fs qtree irat mbs nas; do
  check run size=8x8 trace=log.swf scheduler=conservative strategy=$st check=1
  check run size=8x8 trace=log.swf scheduler=easy strategy=$st check=1
done
check run size=16x16 trace=jobs.csv scheduler=conservative strategy=bf
check run size=16x16 jobs=400 arrival=poisson:0.02 scheduler=conservative strategy=paging max_wait=300
check run topology=torus size=12x12 jobs=400 arrival=poisson:0.04 scheduler=conservative strategy=iblat
check run topology=torus size=12x12 jobs=400 arrival=poisson:0.04 scheduler=easy strategy=irat
check run size=26x16 swf_size=header trace=$PWD/assets/traces/sdsc-paragon-standin-1.swf jobs=300 scheduler=conservative strategy=ff
check run size=26x16 swf_size=header trace=$PWD/assets/traces/sdsc-paragon-standin-2.swf jobs=300 scheduler=easy strategy=fs
check sweep scheduler=fcfs,easy,conservative strategy=ff,mbs arrival=poisson:0.01,0.03 size=16x16 job_size=uniform:1-16 service=exponential:100 jobs=200 replications=2
check sweep strategy=ff,anca arrival=poisson:0.01,0.02 size=8x8 jobs=200 replications=2
# accelerator pods: the pod metrics are printed (JSON and sweep CSVs) only for pod scenarios
for st in pod-ff pod-bf pod-lfc pod-pack; do check run machine=tpu-v5e strategy=$st arrival=poisson:0.15 jobs=2000 seed=5; done
check run machine=tpu-v6e strategy=pod-pack scheduler=easy job_size=slices:2x2=4/8x8=2/16x16=1 arrival=poisson:0.02 jobs=1000 replications=2
check run machine=tpu-v5e strategy=pod-lfc scheduler=conservative trace=jobs.csv check=1
check sweep machine=tpu-v5e strategy=pod-ff,pod-pack arrival=poisson:0.1,0.15 jobs=300 replications=2
check sweep machine=tpu-v5e strategy=pod-ff,pod-bf arrival=poisson:0.1 jobs=300 replications=2 --raw
check sweep machine=tpu-v5e strategy=pod-ff,pod-bf,pod-lfc scheduler=fcfs,easy jobs=300 replications=3 --baseline strategy=pod-ff
check_status 2 run machine=tpu-v5e strategy=pod-ff job_size=slices:4x2=1
check_status 2 run machine=tpu-v5e strategy=ff
# collectives on cube pods: each slice on its own wiring (mesh, torus, twisted torus; without OCS partly wrapping)
check run machine=tpu-v4 strategy=cube-pack pattern=allreduce-2d allreduce_bytes=4096 arrival=poisson:0.5 service=exponential:50 jobs=200 check=1
check run machine=tpu-v4 ocs=off strategy=cube-bf pattern=allreduce-ring allreduce_bytes=4096 arrival=poisson:0.5 service=exponential:50 jobs=200
check run machine=tpu-v4 twist=on strategy=cube-ff pattern=allreduce-2d job_size=slices:4x4x8=1/4x8x8=1 allreduce_bytes=4096 arrival=poisson:0.01 jobs=40
check_status 2 run machine=tpu-v4 ocs=off twist=on strategy=cube-ff pattern=allreduce-2d
# host failures on pods: the failure stream (fixed, exponential and uniform repairs), kills and
# requeues under FCFS and EASY, a sweep paired on the same failures; refusals
check run machine=tpu-v5e strategy=pod-bf host_mtbf=5000 host_repair=exponential:50 arrival=poisson:0.15 jobs=1000 check=1
check run machine=tpu-v4 strategy=cube-pack scheduler=easy host_mtbf=20000 host_repair=uniform:50-150 job_size=slices:2x2x1=8/2x2x4=4/4x4x4=2/4x8x8=1 arrival=poisson:1 service=fixed:100 jobs=1000
check sweep machine=tpu-v4 strategy=cube-pack ocs=on,off host_mtbf=0,12500 job_size=slices:2x2x1=8/4x4x4=2/4x4x8=1 service=fixed:100 arrival=poisson:1 jobs=300 replications=2 --baseline ocs=off
check_status 2 run machine=tpu-v4 host_mtbf=1000 scheduler=conservative
check_status 2 run size=16x16 host_mtbf=1000
check run size=8x8 trace=log.swf swf_shape=row time_scale=0.5
check run trace=log.swf swf_size=header swf_shape=asff strategy=asff
# the shipped real logs, gzip (zlib natively, Node's zlib in wasm), and broken gzip (same stderr
# line, status 2); a 3D machine's log: refused on a 2D size, replayed on its torus (swf_size=header) or a 3D size
check run trace=$PWD/assets/traces/SDSC-Par-1996-3.1-cln.swf.gz swf_size=header jobs=3000 scheduler=easy strategy=mbs
check_status 2 run trace=$PWD/assets/traces/LLNL-T3D-1996-converted.swf.gz
check run trace=$PWD/assets/traces/LLNL-T3D-1996-converted.swf.gz swf_size=header strategy=ff3d jobs=3000
check run trace=$PWD/assets/traces/LLNL-T3D-1996-converted.swf.gz swf_size=header swf_shape=cube strategy=bf3d-rot jobs=2000
check run trace=$PWD/assets/traces/LLNL-T3D-1996-converted.swf.gz size=8x8x4 topology=torus strategy=curve-hilbert jobs=2000
check run size=8x8x16 topology=torus job_size=pow2:0-9 strategy=mbs3d jobs=500
check run trace=$PWD/assets/traces/LLNL-T3D-1996-converted.swf.gz swf_size=header swf_3d=mesh2d jobs=3000 strategy=ff
head -c 100000 "$PWD/assets/traces/SDSC-Par-1996-3.1-cln.swf.gz" > "$tmp/cut.swf.gz"
cp "$PWD/assets/traces/SDSC-Par-1996-3.1-cln.swf.gz" "$tmp/bad.swf.gz"
printf '\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f' | dd of="$tmp/bad.swf.gz" bs=1 seek=2000 conv=notrunc 2>/dev/null
cp "$tmp/log.swf" "$tmp/plain.swf.gz"
check_status 2 run trace=cut.swf.gz swf_size=header
check_status 2 run trace=bad.swf.gz swf_size=header
check_status 2 run trace=plain.swf.gz
check sweep strategy=ff,bf arrival=poisson:0.01,0.02,0.04 size=8x8 jobs=100 replications=3
cp "$tmp/last.out" "$tmp/sw.csv"   # the sweep's CSV (checked above: same in both, status 0) is plot's input
check plot sw.csv --x arrival --y utilization --series strategy
check plot sw.csv --x strategy --y mean_response_time --where arrival=poisson:0.02 --logy
check place size=8x8 "busy=0,0,3,3;5,0,7,7" job=2x3
check place topology=torus size=6x6 "busy=2,0,4,5" job=3x6
check link strategy=random size=40x40 arrival=poisson:0.125
check list
check_status 2 run size=0x0
# every strategy row once, on a machine it is defined on (the cube-pod rows on a TPU v4 pod)
for s in $($native list | awk '/^strategies:/{f=1;next} /^[a-z]/{f=0} f && !/cube pods only/{print $1}'); do
  check run size=16x16 strategy=$s jobs=500 seed=3
done
for s in $($native list | awk '/^strategies:/{f=1;next} /^[a-z]/{f=0} f && /cube pods only/{print $1}'); do
  check run machine=tpu-v4 strategy=$s arrival=poisson:2 jobs=500 seed=3
done
echo "compare_cli: $((n-fail)) of $n scenarios identical"
[ "$fail" = 0 ]
