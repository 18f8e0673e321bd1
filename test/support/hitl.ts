import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { clockToNineAm, opdHospital } from './opd';
import { startTestRuntime } from './runtime';

/** The local runtime for one HITL test file, exposing its event bus and job (see opdRuntime). */
export function hitlRuntime(timeZone = 'Asia/Kolkata') {
  let rt: LocalRuntime | undefined;
  beforeAll(async () => {
    clockToNineAm(timeZone);
    rt = await startTestRuntime();
  }, 60_000);
  afterAll(async () => {
    resetClock();
    await rt?.close();
  });
  const runtime = () => {
    if (!rt) throw new Error('hitlRuntime: read it inside a test or hook');
    return rt;
  };
  return {
    get url() {
      return runtime().url;
    },
    get events() {
      return runtime().events;
    },
  };
}

export const PROPOSER_SCOPES = ['agents:clinical:propose', 'agent-actions:read'];

export const PARACETAMOL = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'every 6 hours when required',
  durationDays: 3,
  quantity: 12,
};

/** A fresh hospital (see opdHospital) with a second doctor, an agent's key and a walk-in encounter helper. */
export async function hitlHospital(url: string) {
  const h = await opdHospital(url);
  const agentKey = await h.key(PROPOSER_SCOPES, 'clinical agent');
  const otherDoctor = await h.staff('DOCTOR');
  /** A patient with an open walk-in encounter with the hospital's doctor. */
  const encounter = async (patient: Record<string, unknown> = {}) => {
    const p = await h.patient(patient);
    const enc = await h.doctorUser.api.post('/encounters', { patientId: p.id });
    expect(enc.status, JSON.stringify(enc.body)).toBe(201);
    return { patient: p, encounter: enc.body };
  };
  /** Proposes a prescription over REST with the agent's key (the MCP tool binds the same operation). */
  const proposeRx = async (encounterId: string, rx: Record<string, unknown> = {}) =>
    agentKey.api.post('/agent-actions/proposals/prescription', {
      encounterId,
      ...PARACETAMOL,
      rationale: 'Fever 38.4 °C for two days; no liver disease recorded',
      ...rx,
    });
  /** Turns auto-approval of `type` on (an administrator's setting). */
  const enableAutoApproval = async (type: string, settings: Record<string, unknown> = {}) => {
    const on = await h.admin.put('/agent-actions/settings', {
      types: { [type]: { autoApprove: true, ...settings } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    return on.body;
  };
  return { ...h, agentKey, otherDoctor, encounter, proposeRx, enableAutoApproval };
}
