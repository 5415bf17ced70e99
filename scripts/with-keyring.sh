#!/usr/bin/env bash
# Runs a command where the OS keychain works, so the credential vault's tests
# run against a real Secret Service (gnome-keyring) rather than a mock:
#
#   scripts/with-keyring.sh npm test
#
# With a session bus already present (a desktop session) the command simply
# runs. Without one (CI, ssh, containers) it runs inside a private D-Bus
# session with a throwaway gnome-keyring, unlocked and empty, whose files live
# in a temporary folder removed afterwards; the user's own keyring is never
# read or touched. Exits with the command's status and prints only the
# command's output: the daemons' chatter goes to /dev/null.
set -euo pipefail

# Marks the second run of this script, inside dbus-run-session.
inside=__with_keyring_inside_private_session__

# True once something owns the Secret Service name on the session bus.
secret_service_ready() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'
}

if [ "${1:-}" = "$inside" ]; then
  shift
  # stderr here is /dev/null (see below); fd 3 is the caller's real stderr.
  keyring_home=$(mktemp -d)
  # Both folders point into the throwaway one: the keyring files (XDG_DATA_HOME)
  # and the control socket (XDG_RUNTIME_DIR). --foreground keeps the daemon our
  # child, so its pid is known and it is stopped here rather than left behind.
  printf pw | XDG_DATA_HOME="$keyring_home" XDG_RUNTIME_DIR="$keyring_home" \
    gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 3>&- &
  keyring_pid=$!
  trap 'kill "$keyring_pid" 2>/dev/null; wait "$keyring_pid" 2>/dev/null; rm -rf "$keyring_home"' EXIT

  # The daemon claims its bus name a moment after starting. Running the command
  # sooner would make D-Bus start a second, unconfigured daemon on demand, one
  # that uses the real home folder and a locked keyring.
  for _ in $(seq 200); do
    secret_service_ready && break
    sleep 0.05
  done
  if ! secret_service_ready; then
    echo "with-keyring: gnome-keyring-daemon did not start a Secret Service within 10 s" >&3
    exit 1
  fi

  status=0
  "$@" 2>&3 3>&- || status=$?
  exit "$status"
fi

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh <command> [arguments...]" >&2
  exit 2
fi

if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  exec "$@"
fi

for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool is not installed (apt-get install dbus gnome-keyring)" >&2
    exit 127
  fi
done

# dbus-daemon writes warnings to the stderr it inherits from dbus-run-session,
# so that stderr goes to /dev/null and the command gets the real one via fd 3.
exec 3>&2
exec dbus-run-session -- bash "${BASH_SOURCE[0]}" "$inside" "$@" 2>/dev/null
