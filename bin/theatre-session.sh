#!/usr/bin/env bash
# A live operating theatre session against `PORT=3111 npm start`. Prints each request as a curl command
# (tokens as shell variables) and the answer: the HTTP status and the fields that matter (jq).
set -euo pipefail
# Usage: PORT=3111 npm start, then bin/theatre-session.sh (or BASE=http://127.0.0.1:<port> for another) (needs curl and jq); scratch files go to /tmp/ot.
mkdir -p /tmp/ot
BASE=${BASE:-http://127.0.0.1:3111}
SCRATCH=/tmp/ot
# shellcheck source=bin/session-lib.sh
source "$(dirname "$0")/session-lib.sh"

S=$(date +%s)
echo '# Set-up (registration, staff, a patient and an open encounter; output trimmed to ids)'
REG=$(quiet anon POST /tenants "{\"hospitalName\":\"Lakeside Hospital\",\"slug\":\"lakeside-$S\",\"adminName\":\"Asha Admin\",\"adminEmail\":\"admin-$S@lakeside.test\",\"timezone\":\"Asia/Kolkata\"}")
TENANT=$(jq -r .tenant.id <<<"$REG")
TOK[ADMIN]=$(login "$(jq -r .credentials.email <<<"$REG")" "$(jq -r .credentials.password <<<"$REG")")
for who in COORD SURGEON ANAES SCRUB CASHIER; do
  case $who in COORD) role=THEATRE_COORDINATOR;; SURGEON|ANAES) role=DOCTOR;; SCRUB) role=NURSE;; CASHIER) role=CASHIER;; esac
  U=$(quiet ADMIN POST /users "{\"name\":\"$who user\",\"email\":\"${who,,}-$S@lakeside.test\",\"role\":\"$role\"}")
  TOK[$who]=$(login "$(jq -r .credentials.email <<<"$U")" "$(jq -r .credentials.password <<<"$U")")
  declare "ID_$who=$(jq -r .user.id <<<"$U")"
done
DEPT=$(quiet ADMIN POST /departments '{"name":"General Surgery"}' | jq -r .id)
quiet ADMIN POST /doctors "{\"userId\":\"$ID_SURGEON\",\"departmentId\":\"$DEPT\",\"specialty\":\"General Surgery\",\"consultationFee\":800}" >/dev/null
PAT=$(quiet SCRUB POST /patients/register '{"name":"Ravi Kumar","dateOfBirth":"1971-03-09","sex":"male","phone":"+91 98450 12345"}' | jq -r .id)
ENC=$(quiet SURGEON POST /encounters "{\"patientId\":\"$PAT\",\"chiefComplaint\":\"Right iliac fossa pain since yesterday\"}" | jq -r .id)
TODAY=$(TZ=Asia/Kolkata date +%F)
at() { date -u -d "TZ=\"Asia/Kolkata\" $TODAY $1" +%FT%T.000Z; }
START=$(at 23:00); END=$(at 23:59)
echo "TENANT=$TENANT patient=$PAT encounter=$ENC today=$TODAY"
if [ -n "${SESSION_ENV:-}" ]; then for k in "${!TOK[@]}"; do echo "$k=${TOK[$k]}"; done > "$SESSION_ENV"; echo "TENANT=$TENANT" >> "$SESSION_ENV"; echo "BASE=$BASE" >> "$SESSION_ENV"; fi
echo

echo '# The coordinator sets up a theatre and tonight’s emergency session'
call COORD PUT /theatre/theatres/OT2 '{"name":"Theatre 2","type":"general","equipment":["laparoscopy-tower","laminar-flow"],"pricePerMinuteMinor":2500}' '{code,status,equipment}'
call COORD POST /theatre/sessions "{\"theatre\":\"OT2\",\"start\":\"$START\",\"end\":\"$END\",\"surgeonId\":\"$ID_SURGEON\",\"anaesthetistId\":\"$ID_ANAES\",\"kind\":\"emergency\"}" '{id,theatre,date,start,"end":.end,kind}'
SESSION=$(jq -r .id /tmp/ot/body)

echo '# The surgeon requests the case (NCEPOD urgent) from the encounter'
call SURGEON POST /theatre/cases "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"procedure\":{\"text\":\"Laparoscopic appendicectomy\",\"icd10pcs\":\"0DTJ4ZZ\"},\"site\":\"Appendix\",\"laterality\":\"not-applicable\",\"surgeonId\":\"$ID_SURGEON\",\"anaesthetistId\":\"$ID_ANAES\",\"scrubNurseId\":\"$ID_SCRUB\",\"anaesthesiaType\":\"general\",\"expectedMinutes\":45,\"priority\":\"urgent\",\"requiredEquipment\":[\"laparoscopy-tower\"],\"procedurePriceMinor\":2500000}" '{id,status,fhirStatus,priority,checklist:(.checklist|length)}'
CASE=$(jq -r .id /tmp/ot/body)
call SCRUB PATCH /theatre/cases/$CASE/pre-op '{"consentSigned":true,"siteMarked":true,"bloodGroup":"O+","crossmatchUnits":0}' '{preOp}'

echo '# Booked into the session, and on the list'
call COORD POST /theatre/cases/$CASE/schedule "{\"sessionId\":\"$SESSION\",\"start\":\"$START\"}" '{status,schedule}'
call COORD GET "/theatre/lists?date=$TODAY&theatre=OT2" '' '.theatres[0].sessions[0].cases'

echo '# Checklist: order and the named confirmer'
call SCRUB POST /theatre/cases/$CASE/checklist/confirmations '{"item":"team-introduced"}' '{statusCode,message}'
call ANAES POST /theatre/cases/$CASE/checklist/confirmations '{"item":"patient-confirmed"}' '{statusCode,message}'
call SCRUB POST /theatre/cases/$CASE/timeline '{"event":"in-room"}' '{status,timeline}'
call ANAES POST /theatre/cases/$CASE/timeline '{"event":"anaesthesia-start"}' '{statusCode,message}'
for item in patient-confirmed site-marked; do quiet SCRUB POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
for item in anaesthesia-check pulse-oximeter known-allergy difficult-airway blood-loss-risk; do quiet ANAES POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
echo '(Sign In confirmed: the nurse 2 items, the anaesthetist 5)'
call ANAES POST /theatre/cases/$CASE/timeline '{"event":"anaesthesia-start"}' '{status,timeline}'
call SURGEON POST /theatre/cases/$CASE/timeline '{"event":"incision"}' '{statusCode,message}'
call SURGEON GET /theatre/cases/$CASE/checklist '' '{currentPhase,outstanding:[.outstanding[]|select(.code|IN("team-introduced","patient-procedure-site","antibiotic-prophylaxis","surgeon-critical-events","anaesthetist-concerns","sterility-equipment","imaging-displayed"))|"\(.code) by \(.confirmer)"],nextStep}'
for item in team-introduced sterility-equipment; do quiet SCRUB POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
for item in antibiotic-prophylaxis anaesthetist-concerns; do quiet ANAES POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
for item in patient-procedure-site surgeon-critical-events; do quiet SURGEON POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
echo '(Time Out: the nurse, the anaesthetist and the surgeon confirm their other items the same way)'
call SURGEON POST /theatre/cases/$CASE/checklist/confirmations '{"item":"imaging-displayed","answer":"not-applicable"}' '{confirmed:(.confirmations|length)}'
call SURGEON POST /theatre/cases/$CASE/timeline '{"event":"incision"}' '{timeline}'
call SURGEON POST /theatre/cases/$CASE/timeline '{"event":"closure"}' '{timeline}'
call SCRUB POST /theatre/cases/$CASE/timeline '{"event":"out-of-room"}' '{statusCode,message}'

echo '# Sign Out: the counts must reconcile, or the action taken is recorded'
call SCRUB POST /theatre/cases/$CASE/checklist/confirmations '{"item":"procedure-recorded"}' '{confirmed:(.confirmations|length)}'
call SCRUB POST /theatre/cases/$CASE/checklist/confirmations '{"item":"counts-complete","counts":{"instruments":{"before":42,"after":42},"swabs":{"before":20,"after":19},"needles":{"before":6,"after":6}}}' '{statusCode,message}'
call SCRUB POST /theatre/cases/$CASE/checklist/confirmations '{"item":"counts-complete","counts":{"instruments":{"before":42,"after":42},"swabs":{"before":20,"after":19},"needles":{"before":6,"after":6}},"discrepancyAction":"Swab found in the bin on recount; documented"}' '{counts}'
for item in specimens-labelled equipment-problems; do quiet SCRUB POST /theatre/cases/$CASE/checklist/confirmations "{\"item\":\"$item\"}" >/dev/null; done
echo '(Sign Out: the nurse confirms specimens-labelled and equipment-problems)'
call SURGEON POST /theatre/cases/$CASE/checklist/confirmations '{"item":"recovery-concerns"}' '{confirmed:(.confirmations|length)}'
call SURGEON PATCH /theatre/cases/$CASE/record '{"operationNote":"Inflamed appendix removed laparoscopically","estimatedBloodLossMl":30,"specimens":[{"description":"Appendix"}],"postOpInstructions":"Eat and drink as tolerated"}' '{record}'
call SCRUB POST /theatre/cases/$CASE/timeline '{"event":"out-of-room"}' '{status,fhirStatus,timeline}'
call SCRUB POST /theatre/cases/$CASE/handover '{"to":"Recovery nurse, bay 2","notes":"Stable, PONV prophylaxis given"}' '{handover:.record.recoveryHandover}'

echo '# Charges and utilisation'
call CASHIER GET "/billing/charges?patientId=$PAT" '' '[.items[]|select(.source.type=="theatre-case")|{serviceType,description,quantity,unitPrice}]'
call COORD GET "/theatre/utilisation?date=$TODAY" '' '.theatres'
