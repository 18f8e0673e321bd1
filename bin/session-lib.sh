#!/usr/bin/env bash
# Helpers of the live curl sessions (bin/*-session.sh), sourced after BASE and SCRATCH are set:
# `call` prints a request as a curl command (tokens as shell variables) and its answer (the HTTP
# status and the fields that matter, through jq); `quiet` sends one and prints only the body;
# `login` answers an access token. TOK holds the tokens by name, TENANT the hospital.
declare -A TOK
TENANT=''
call() { # who method path body jq-filter
  local who=$1 method=$2 path=$3 body=${4:-} filter=${5:-.}
  # The URL is quoted: a query's & would otherwise end the command when the line is pasted.
  local shown="curl -s -X $method \"\$BASE$path\""
  [ "$who" != anon ] && shown+=" -H \"authorization: Bearer \$$who\" -H \"x-tenant-id: \$TENANT\""
  [ -n "$body" ] && shown+=" -H 'content-type: application/json' -d '$body'"
  echo "\$ $shown"
  local args=(-s -o "$SCRATCH/body" -w '%{http_code}' -X "$method" "$BASE$path")
  [ "$who" != anon ] && args+=(-H "authorization: Bearer ${TOK[$who]}" -H "x-tenant-id: $TENANT")
  [ -n "$body" ] && args+=(-H 'content-type: application/json' -d "$body")
  local status; status=$(curl "${args[@]}")
  echo "HTTP $status"
  jq -c "$filter" "$SCRATCH/body" 2>/dev/null || cat "$SCRATCH/body"
  echo
}
quiet() { # who method path body → body on stdout
  local who=$1 method=$2 path=$3 body=${4:-}
  local args=(-s -X "$method" "$BASE$path")
  [ "$who" != anon ] && args+=(-H "authorization: Bearer ${TOK[$who]}" -H "x-tenant-id: $TENANT")
  [ -n "$body" ] && args+=(-H 'content-type: application/json' -d "$body")
  curl "${args[@]}"
}
login() { quiet anon POST /auth/login "{\"email\":\"$1\",\"password\":\"$2\"}" | jq -r .accessToken; }
