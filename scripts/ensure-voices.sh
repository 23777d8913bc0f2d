#!/usr/bin/env bash
# The offline voices' data that npm cannot bring: SVOX Pico's language files (Debian's libttspico-data,
# Apache-2.0 files that Debian files under non-free for want of their sources). Run by `bun run start`
# and CI; never fails: without the files the app offers eSpeak and Flite, and speaks Pico's voices with
# eSpeak (docs/decisions/215). Flite and the Pico engine itself come from npm.
set -uo pipefail
DEST=/usr/local/share/pico/lang  # src/media/engines/pico.ts looks here
if [ -f /usr/share/pico/lang/en-US_ta.bin ] || [ -f "$DEST/en-US_ta.bin" ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-deb >/dev/null 2>&1; then
  echo "ensure-voices: no apt-get here; SVOX Pico voices stay off (eSpeak speaks instead)" >&2
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
    echo "ensure-voices: not root; SVOX Pico voices stay off (eSpeak speaks instead)" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
# Where the machine's own Debian sources already point, the package installs as usual.
if $SUDO apt-get install -y -qq libttspico-data >/dev/null 2>&1; then exit 0; fi
# Otherwise: the same mirror and release as the machine's main sources, with the non-free component
# only, in a private apt state (the machine's sources are left as they are); the .deb is unpacked.
read -r URI SUITE < <(
  { cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/{u=$2} /^Suites:/{s=$2} u&&s{print u, s; exit}'
    grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2, $3}'; } | grep -v security | head -1
)
if [ -z "${URI:-}" ] || [ -z "${SUITE:-}" ]; then
  echo "ensure-voices: no Debian source found; SVOX Pico voices stay off" >&2
  exit 0
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/lists/partial" "$WORK/cache/archives/partial"
echo "deb $URI $SUITE non-free" > "$WORK/sources.list"
APT=(-o "Dir::Etc::SourceList=$WORK/sources.list" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$WORK/lists" -o "Dir::Cache=$WORK/cache" -o APT::Sandbox::User=root)
if ! (cd "$WORK" && $SUDO apt-get "${APT[@]}" update -qq >/dev/null 2>&1 && $SUDO apt-get "${APT[@]}" download libttspico-data >/dev/null 2>&1); then
  echo "ensure-voices: libttspico-data could not be fetched; SVOX Pico voices stay off" >&2
  exit 0
fi
dpkg-deb -x "$WORK"/libttspico-data_*.deb "$WORK/root"
$SUDO mkdir -p "$DEST"
$SUDO cp "$WORK"/root/usr/share/pico/lang/*.bin "$DEST/"
echo "ensure-voices: SVOX Pico language files in $DEST"
