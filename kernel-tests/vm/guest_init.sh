#!/bin/busybox sh
# ariasuite guest /init (PID 1 in the qemu guest): mounts the basics, loads the modules listed in
# /ariasuite/modules.list in order, runs each program of /ariasuite/tests.list, and writes the
# results on the second serial port (ttyS1; the kernel console stays on ttyS0) between markers
# the host parses (kernel-tests/vm/tap.py):
#   ARIASUITE BEGIN / KERNEL / CPU / MODULE name ok|failed msg / DRIVER name driver prio selftest
#   ARIASUITE TAP-BEGIN prog ... (the program's TAP 13) ... ARIASUITE TAP-END prog rc=N
#   ARIASUITE END
# then leaves with `reboot -f` (qemu runs with -no-reboot, so it exits: no ACPI needed to power
# off, which the minimal kernels of --kernel-tree do not have).
# While the programs run, a heartbeat line goes to the console every ariasuite.heartbeat seconds
# (default 20; 0: none), so that the host, which declares a guest silent on both ports hung, can
# tell a long test from a dead guest. With ariasuite.probe=1 on the command line /init only prints
# "ariasuite: probe: /init reached" on the console and leaves (the host's KVM probe, qemu.py).
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin /proc /sys /dev /tmp /run
/bin/busybox --install -s
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run

out=/dev/ttyS1
heartbeat=20
for arg in $(cat /proc/cmdline); do
  case "$arg" in
    ariasuite.probe=1)
      echo "ariasuite: probe: /init reached" >/dev/console
      reboot -f
      ;;
    ariasuite.heartbeat=*) heartbeat="${arg#ariasuite.heartbeat=}" ;;
    ariasuite.out=*) out="/dev/${arg#ariasuite.out=}" ;;
    ariasuite.filter=*) export KTEST_FILTER="${arg#ariasuite.filter=}" ;;
    ariasuite.timeout_scale=*) export KTEST_TIMEOUT_SCALE="${arg#ariasuite.timeout_scale=}" ;;
  esac
done
stty -F "$out" raw -echo 2>/dev/null
exec 3>"$out"
say() { echo "$*" >&3; }

say "ARIASUITE BEGIN"
say "ARIASUITE KERNEL $(uname -r)"
say "ARIASUITE CPU $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)"
echo "ariasuite: guest up, loading modules" >/dev/console
echo "loading modules" >/run/ariasuite-current
beat=
if [ "$heartbeat" -gt 0 ] 2>/dev/null; then
  (
    while sleep "$heartbeat"; do
      up=$(cut -d' ' -f1 /proc/uptime)
      echo "ariasuite: alive at $up s, running $(cat /run/ariasuite-current 2>/dev/null)" \
        >/dev/console
    done
  ) &
  beat=$!
fi

if [ -f /ariasuite/modules.list ]; then
  while read -r name path; do
    [ -n "$name" ] || continue
    if msg=$(insmod "$path" 2>&1); then
      say "ARIASUITE MODULE $name ok"
      echo "$name ok" >>/run/ariasuite-modules
    else
      say "ARIASUITE MODULE $name failed $(echo "$msg" | tr '\n' ' ')"
      echo "$name failed" >>/run/ariasuite-modules
    fi
  done </ariasuite/modules.list
fi

# Registered ARIA drivers: name, driver, priority, selftest (from /proc/crypto).
awk -F': ' '
  /^name/ {n=$2} /^driver/ {d=$2} /^priority/ {p=$2} /^selftest/ {s=$2}
  /^$/ { if (n ~ /aria/ || d ~ /aria/) print "ARIASUITE DRIVER " n " " d " " p " " s; n=d=p=s="" }
' /proc/crypto >&3

ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
cd /tmp

prog_timeout=300
[ -f /ariasuite/timeout ] && prog_timeout=$(cat /ariasuite/timeout)
while read -r prog args; do
  [ -n "$prog" ] || continue
  echo "$prog" >/run/ariasuite-current
  echo "ariasuite: running $prog $args" >/dev/console
  say "ARIASUITE TAP-BEGIN $prog"
  # shellcheck disable=SC2086  # the arguments are split on blanks on purpose
  timeout -s KILL "$prog_timeout" "/ariasuite/tests/$prog" $args >&3 2>&1 </dev/null
  say "ARIASUITE TAP-END $prog rc=$?"
done </ariasuite/tests.list

[ -n "$beat" ] && kill "$beat"
say "ARIASUITE END"
echo "ariasuite: done, leaving (reboot -f; qemu -no-reboot exits)" >/dev/console
sync
reboot -f
