#!/usr/bin/env bash
# Prints the path of Stockfish, installing Debian's package first when it is missing.
set -euo pipefail
stockfish=$(command -v stockfish || true)
[ -n "$stockfish" ] || [ ! -x /usr/games/stockfish ] || stockfish=/usr/games/stockfish
if [ -z "$stockfish" ]; then
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq stockfish >/dev/null
  stockfish=$(command -v stockfish || echo /usr/games/stockfish)
fi
echo "$stockfish"
