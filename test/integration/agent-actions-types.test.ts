/**
 * Each of the five action types end to end through the local runtime and its bus, a fresh
 * hospital each: the agent's key proposes, a person allowed to run the target operation approves,
 * the type's executor carries it out, and the record shows the result.
 */

import { describe, expect, it } from 'vitest';
import { type ActionTypeName, actionType } from '../../shared/modules/agent-actions';
import { recoveredResultId } from '../../shared/modules/agent-actions/dispatch';
import { type Client, expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { hitlRuntime, PARACETAMOL, PROPOSER_SCOPES } from '../support/hitl';
import { inpatientHospital } from '../support/inpatient';

const rt = hitlRuntime();
const RATIONALE = { rationale: 'Suggested by the clinical decision agent from the notes' };

/** Approves as `approver`, waits for the executor, answers the action as it ended. */
async function approveAndRun(approver: { api: Client }, id: string) {
  const approved = await approver.api.post(`/agent-actions/${id}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await rt.events.bus.idle();
  return (await approver.api.get(`/agent-actions/${id}`)).body;
}

describe('every action type, end to end', () => {
  it('prescription: a doctor approves, the prescription is on the encounter', async () => {
    const h = await inpatientHospital(rt.url);
    const agent = await h.key(PROPOSER_SCOPES);
    const patient = await h.patient();
    const enc = await must(
      h.doctorUser.api.post('/encounters', { patientId: patient.id }),
      201,
      'encounter',
    );
    const p = await agent.api.post('/agent-actions/proposals/prescription', {
      encounterId: enc.id,
      ...PARACETAMOL,
      ...RATIONALE,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const done = await approveAndRun(h.doctorUser, p.body.id);
    expect(done).toMatchObject({ status: 'EXECUTED', operation: 'encounters.prescribe' });
    // The id a recovering executor would record is the one the operation answered.
    expect(done.result.id).toBe(recoveredResultId(actionType(done.type as ActionTypeName), done));
  });

  it('admission: approved by a receptionist (who may admit), the patient is in a bed', async () => {
    const h = await inpatientHospital(rt.url);
    const agent = await h.key(PROPOSER_SCOPES);
    const ward = await h.ward();
    const patient = await h.patient();
    const p = await agent.api.post('/agent-actions/proposals/admission', {
      patientId: patient.id,
      source: 'emergency',
      doctorId: h.doctor.id,
      reason: 'Sepsis, needs IV antibiotics',
      wardId: ward.id,
      ...RATIONALE,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({
      type: 'admission',
      risk: 'HIGH',
      approverRoles: ['ADMIN', 'RECEPTIONIST', 'DOCTOR'],
    });
    expectError(await h.nurse.api.post(`/agent-actions/${p.body.id}/approve`), 403);
    const done = await approveAndRun(h.reception, p.body.id);
    expect(done.status, JSON.stringify(done)).toBe('EXECUTED');
    // The id a recovering executor would record is the one the operation answered.
    expect(done.result.id).toBe(recoveredResultId(actionType(done.type as ActionTypeName), done));
    const admission = await h.doctorUser.api.get(`/admissions/${done.result.id}`);
    expect(admission.body).toMatchObject({
      patientId: patient.id,
      wardId: ward.id,
      status: 'in-progress',
    });
  });

  it('discharge: a doctor approves, the admission ends discharged; against advice is HIGH', async () => {
    const h = await inpatientHospital(rt.url);
    const agent = await h.key(PROPOSER_SCOPES);
    const ward = await h.ward();
    const patient = await h.patient();
    const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    const p = await agent.api.post('/agent-actions/proposals/discharge', {
      admissionId: adm.id,
      finalDiagnoses: [{ text: 'Community-acquired pneumonia', code: 'J18.9', system: 'ICD-10' }],
      conditionAtDischarge: 'Wants to leave; advised to stay for IV antibiotics',
      disposition: 'against-medical-advice',
      ...RATIONALE,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({ type: 'discharge', risk: 'HIGH', patientId: patient.id });
    expect(p.body.riskReasons).toContain('HIGH: discharge against medical advice');
    const done = await approveAndRun(h.doctorUser, p.body.id);
    expect(done.status, JSON.stringify(done)).toBe('EXECUTED');
    // The id a recovering executor would record is the one the operation answered.
    expect(done.result.id).toBe(recoveredResultId(actionType(done.type as ActionTypeName), done));
    expect(done.result.id).toBe(adm.id);
    const ended = await h.doctorUser.api.get(`/admissions/${adm.id}`);
    expect(ended.body.status).toBe('discharged');
  });

  it('lab order: stat is HIGH; approved, the order is active (not an agent draft)', async () => {
    const h = await diagnosticsHospital(rt.url);
    const agent = await h.key(PROPOSER_SCOPES);
    const { encounter } = await h.encounterFor();
    const p = await agent.api.post('/agent-actions/proposals/lab-order', {
      source: { kind: 'encounter', id: encounter.id },
      codes: ['58410-2'],
      priority: 'stat',
      ...RATIONALE,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({
      type: 'lab-order',
      risk: 'HIGH',
      riskReasons: ['HIGH: stat order'],
    });
    const done = await approveAndRun(h.doctorUser, p.body.id);
    expect(done.status, JSON.stringify(done)).toBe('EXECUTED');
    // The id a recovering executor would record is the one the operation answered.
    expect(done.result.id).toBe(recoveredResultId(actionType(done.type as ActionTypeName), done));
    const order = await h.doctorUser.api.get(`/lab/orders/${done.result.id}`);
    expect(order.body).toMatchObject({ status: 'active', priority: 'stat' });
  });

  it('radiology order: approved, the order is placed with its accession number', async () => {
    const h = await diagnosticsHospital(rt.url);
    await must(
      h.radiologist.api.put('/radiology/procedures/XR-CHEST', {
        name: 'Chest X-ray PA',
        modality: 'DX',
        bodyPart: 'Chest',
        contrast: false,
        priceMinor: 45000,
      }),
      200,
      'procedure',
    );
    const agent = await h.key(PROPOSER_SCOPES);
    const { encounter } = await h.encounterFor({ sex: 'male' });
    const p = await agent.api.post('/agent-actions/proposals/radiology-order', {
      source: { kind: 'encounter', id: encounter.id },
      procedureCode: 'XR-CHEST',
      clinicalQuestion: 'Consolidation? Fever and crackles at the right base',
      ...RATIONALE,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({ type: 'radiology-order', risk: 'LOW' });
    const done = await approveAndRun(h.doctorUser, p.body.id);
    expect(done.status, JSON.stringify(done)).toBe('EXECUTED');
    // The id a recovering executor would record is the one the operation answered.
    expect(done.result.id).toBe(recoveredResultId(actionType(done.type as ActionTypeName), done));
    const order = await h.doctorUser.api.get(`/radiology/orders/${done.result.id}`);
    expect(order.body).toMatchObject({ status: 'active' });
    expect(JSON.stringify(order.body)).toContain('XR-CHEST');
  });
});
