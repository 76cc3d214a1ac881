# Sourced by the match scripts (vs_build.sh, vs_terms.sh, vs_threads.sh), which set `variant`,
# `games` and `tc` first.

# Sets the array `openings` to the `vorpal match` arguments of the variant's openings: every
# opening of benches/openings/VARIANT.epd in random order where the file exists (balanced
# openings: random plies alone leave many games of the small variants decided), else random
# plies (FIDE chess and fischerandom 6, the others 4).
match_openings() {
  if [ -f "benches/openings/$1.epd" ]; then
    openings=(--openings "file=benches/openings/$1.epd order=random")
  else
    case $1 in
      normal | fischerandom) openings=(--random-plies 6) ;;
      *) openings=(--random-plies 4) ;;
    esac
  fi
}

# `play_match BINARY OUT ENGINE ENGINE [CONCURRENCY]`: BINARY's `match` between the two engine
# specs, the variant's openings, resignation at −800 cp for 4 moves and a draw within ±10 cp for
# 30; SEED and SPRT from the environment. The PGN goes to OUT.pgn, the output to OUT.txt.
play_match() {
  match_openings "$variant"
  mkdir -p benches/results
  "$1" match --variant "$variant" --games "$games" --tc "$tc" --concurrency "${CONCURRENCY:-${5:-2}}" \
    --engine "$3" --engine "$4" \
    "${openings[@]}" --seed "${SEED:-$RANDOM}" --resign 4,800 --draw 30,10 ${SPRT:+--sprt "$SPRT"} \
    --pgn "$2.pgn" | tee "$2.txt"
  echo "PGN: $2.pgn, output: $2.txt"
}
