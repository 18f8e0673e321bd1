#!/usr/bin/env bash
# A live diagnostics session against `PORT=3917 npm start`. Prints each request as a curl command
# (tokens as shell variables) and the answer: the HTTP status and the fields that matter (jq).
set -euo pipefail
# Usage: PORT=3917 npm start, then bin/diagnostics-session.sh (needs curl and jq); scratch files go to /tmp/dx.
mkdir -p /tmp/dx
BASE=http://127.0.0.1:3917
SCRATCH=/tmp/dx
# shellcheck source=bin/session-lib.sh
source "$(dirname "$0")/session-lib.sh"

S=$(date +%s)
echo '# Set-up (registration, staff, a patient and an open encounter; output trimmed to ids)'
REG=$(quiet anon POST /tenants "{\"hospitalName\":\"Lakeside Hospital\",\"slug\":\"lakeside-$S\",\"adminName\":\"Asha Admin\",\"adminEmail\":\"admin-$S@lakeside.test\",\"timezone\":\"Asia/Kolkata\"}")
TENANT=$(jq -r .tenant.id <<<"$REG")
TOK[ADMIN]=$(login "$(jq -r .credentials.email <<<"$REG")" "$(jq -r .credentials.password <<<"$REG")")
for who in DOCTOR NURSE TECH TECH2 PATHOLOGIST RADIOGRAPHER RADIOLOGIST; do
  role=$who; [ "$who" = TECH ] || [ "$who" = TECH2 ] && role=LAB_TECHNICIAN
  U=$(quiet ADMIN POST /users "{\"name\":\"$who user\",\"email\":\"${who,,}-$S@lakeside.test\",\"role\":\"$role\"}")
  TOK[$who]=$(login "$(jq -r .credentials.email <<<"$U")" "$(jq -r .credentials.password <<<"$U")")
  declare "ID_$who=$(jq -r .user.id <<<"$U")"
done
DEPT=$(quiet ADMIN POST /departments '{"name":"General Medicine"}' | jq -r .id)
quiet ADMIN POST /doctors "{\"userId\":\"$ID_DOCTOR\",\"departmentId\":\"$DEPT\",\"specialty\":\"Internal Medicine\",\"consultationFee\":500}" >/dev/null
PAT=$(quiet NURSE POST /patients/register '{"name":"Ravi Kumar","dateOfBirth":"1971-03-09","sex":"male","phone":"+91 98450 12345"}' | jq -r .id)
PAT2=$(quiet NURSE POST /patients/register '{"name":"Sunita Rao","dateOfBirth":"1994-04-01","sex":"female","phone":"+91 98450 67890"}' | jq -r .id)
ENC=$(quiet DOCTOR POST /encounters "{\"patientId\":\"$PAT\",\"chiefComplaint\":\"Tired and breathless for a month\"}" | jq -r .id)
ENC2=$(quiet DOCTOR POST /encounters "{\"patientId\":\"$PAT2\",\"chiefComplaint\":\"Cough and fever\"}" | jq -r .id)
echo "TENANT=$TENANT patient=$PAT encounter=$ENC; patient2=$PAT2 encounter2=$ENC2"
echo

echo '# Laboratory'
call PATHOLOGIST POST /lab/catalogue/starter '{"acceptPublishedRanges":true}' '{installedTests: (.installedTests|length), installedPanels, kept}'
call DOCTOR POST /lab/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"codes\":[\"58410-2\"],\"priority\":\"urgent\",\"clinicalNotes\":\"Pale, breathless on exertion\"}" '{id, status, step, priority, specimenType, container, items: [.items[] | {kind, code, name, priceMinor, tests}]}'
ORDER=$(jq -r .id /tmp/dx/body)
call DOCTOR POST /lab/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"codes\":[\"718-7\"]}" '{statusCode, message}'
call TECH GET /lab/worklists/collection '' '[.items[] | {id, patientName, priority, step}]'
call NURSE POST /lab/orders/$ORDER/specimens '{}' '{step, specimens}'
ACC=$(jq -r '.specimens[0].accession' /tmp/dx/body)
call TECH POST /lab/orders/$ORDER/specimens/$ACC/reject '{"reason":"haemolysed","note":"Pink plasma after spin"}' '{step, specimens: [.specimens[] | {accession, status, rejectionReason}]}'
call TECH POST /lab/orders/$ORDER/specimens '{}' '{step, specimens: [.specimens[] | {accession, status}]}'
call TECH POST /lab/orders/$ORDER/results '{"results":[{"code":"718-7","value":6.2},{"code":"4544-3","value":21},{"code":"6690-2","value":7.1},{"code":"777-3","value":210}]}' '{step, reportStatus, results: [.results[] | {code, name, value, unit, flag, range: {sex: .range.sex, low: .range.low, high: .range.high, criticalLow: .range.criticalLow}}]}'
call DOCTOR GET /lab/criticals '' '[.items[] | {id, testName, value, unit, flag, doctorId}]'
ALERT=$(jq -r '.items[0].id' /tmp/dx/body)
call TECH POST /lab/orders/$ORDER/verify '{}' '{statusCode, message}'
call TECH2 POST /lab/orders/$ORDER/verify '{}' '{status, step, reportStatus, verifiedAt, results: [.results[] | {code, status}]}'
call PATHOLOGIST PATCH /lab/orders/$ORDER/results/777-3 '{"value":120,"reason":"Platelet clumps on the smear; recounted"}' '{reportStatus, result: (.results[] | select(.code=="777-3") | {value, flag, status, history})}'
call DOCTOR POST /lab/orders/$ORDER/alerts/$ALERT/acknowledge '{"note":"Patient called back; admitted for transfusion"}' '{testName, flag, acknowledgedAt, acknowledgementNote}'
call DOCTOR GET /lab/criticals '' '.'
call DOCTOR GET /lab/patients/$PAT/cumulative '' '{columns: [.columns[] | {reportStatus}], rows: [.rows[] | {name, unit, cells}]}'
call DOCTOR POST /lab/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"codes\":[\"58410-2\",\"51990-0\"]}" '{statusCode, message}'
call DOCTOR POST /lab/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"codes\":[]}" '{statusCode, message}'

echo '# Radiology'
call RADIOLOGIST PUT /radiology/procedures/XR-CHEST '{"name":"Chest X-ray PA","modality":"DX","bodyPart":"Chest","contrast":false,"priceMinor":45000}' '{code, modality, priceMinor}'
call RADIOLOGIST PUT /radiology/rooms/XR1 '{"name":"X-ray room 1","modality":"DX","slotMinutes":15}' '{code, modality, slotMinutes}'
call DOCTOR POST /radiology/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC2\"},\"procedureCode\":\"XR-CHEST\",\"priority\":\"urgent\",\"clinicalQuestion\":\"Fever and crackles: consolidation?\",\"safety\":{\"pregnant\":\"yes\"}}" '{id, accession, step, safetyChecks, safetyBlocked}'
RAD=$(jq -r .id /tmp/dx/body)
SLOT=$(date -u -d 'tomorrow 04:30' +%Y-%m-%dT%H:%M:00Z)
call RADIOGRAPHER POST /radiology/orders/$RAD/schedule "{\"room\":\"XR1\",\"start\":\"$SLOT\"}" '{statusCode, message}'
call DOCTOR POST /radiology/orders/$RAD/safety-override '{"reason":"Pneumonia suspected; shielded PA film, fetal dose negligible; patient consented"}' '{safetyBlocked, safetyOverride}'
RAD2=$(quiet DOCTOR POST /radiology/orders "{\"source\":{\"kind\":\"encounter\",\"id\":\"$ENC\"},\"procedureCode\":\"XR-CHEST\",\"clinicalQuestion\":\"Breathless: effusion?\"}" | jq -r .id)
echo "# Two radiographers book the same slot at once (order $RAD and order $RAD2):"
echo "\$ curl … /radiology/orders/\$RAD/schedule -d '{\"room\":\"XR1\",\"start\":\"$SLOT\"}' & curl … /radiology/orders/\$RAD2/schedule -d '{\"room\":\"XR1\",\"start\":\"$SLOT\"}' & wait"
( quiet RADIOGRAPHER POST /radiology/orders/$RAD/schedule "{\"room\":\"XR1\",\"start\":\"$SLOT\"}" | jq -c '{order: "RAD", step, schedule, statusCode, message}' > /tmp/dx/a ) &
( quiet RADIOGRAPHER POST /radiology/orders/$RAD2/schedule "{\"room\":\"XR1\",\"start\":\"$SLOT\"}" | jq -c '{order: "RAD2", step, schedule, statusCode, message}' > /tmp/dx/b ) &
wait
cat /tmp/dx/a /tmp/dx/b
echo
WINNER=$RAD; grep -q '"step":"scheduled"' /tmp/dx/a || WINNER=$RAD2
call RADIOGRAPHER POST /radiology/orders/$WINNER/complete '{}' '{statusCode, message}'
call RADIOGRAPHER POST /radiology/orders/$WINNER/start '{}' '{step, startedAt}'
call RADIOGRAPHER POST /radiology/orders/$WINNER/complete '{}' '{step, completedAt}'
call RADIOLOGIST PUT /radiology/orders/$WINNER/report '{"findings":"Patchy consolidation in the right lower zone.","impression":"Right lower lobe pneumonia.","status":"preliminary"}' '{step, report: {status: .report.status}}'
call RADIOLOGIST PUT /radiology/orders/$WINNER/report '{"findings":"Patchy consolidation in the right lower zone with air bronchograms. No effusion.","impression":"Right lower lobe pneumonia.","status":"final"}' '{status, step, report: {status: .report.status, impression: .report.impression}}'
call RADIOLOGIST POST /radiology/orders/$WINNER/addenda '{"text":"Compared with the outside film of 2026-10-30: new since then."}' '{report: {status: .report.status, addenda: .report.addenda}}'
call RADIOLOGIST PUT /radiology/orders/$WINNER/report '{"findings":"x","impression":"y","status":"final"}' '{statusCode, message}'
