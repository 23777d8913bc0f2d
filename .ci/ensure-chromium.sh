#!/usr/bin/env bash
# Debian's Chromium for the Playwright journeys (never `playwright install`: no browser downloads here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
