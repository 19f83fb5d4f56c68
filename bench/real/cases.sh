# Sourced by the shell shooters: reading case lines (cases.py) in bash.

# cases PROGRAM FILE: the case lines of PROGRAM, fields separated by tabs and trimmed, for
# `while IFS=$'\t' read -r name program pieces fen before move side coords kind options`.
cases() {
  awk -F'|' -v p="$1" 'BEGIN { OFS = "\t" }
    /^#/ { next }
    { for (i = 1; i <= NF; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i) }
    $2 == p { $1 = $1; print }' "$2"
}

# opt KEY OPTIONS: the value of KEY in a case's options (KEY=VALUE&KEY=VALUE).
opt() {
  local kv
  for kv in ${2//&/ }; do
    [ "${kv%%=*}" = "$1" ] && { printf '%s' "${kv#*=}"; return; }
  done
}
