/**
 * The agent action types, declared once as data. Each entry names the operation an approved
 * action runs, how a proposal becomes that operation's input, the facts and rules of its risk, its
 * default lifetime and its executor. Everything else is derived from these entries: the proposal
 * operations (and so the MCP tools and A2A skills bound to them), who may approve (the target
 * operation's roles), the EventBridge rule and executor function per type (lib/events-stack.ts and
 * the local runtime's bus), the settings and the docs. A new type is one entry here and its name
 * in action-type-names.ts.
 */
import { medicationRiskClasses } from '../../clinical/medication-risk';
import { PRESCRIBER_ROLES, PrescriptionInputSchema } from '../../clinical/prescribing';
import { ageInYears } from '../../clinical/vitals';
import { allowedRoles } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import { idParam } from '../../kernel/fields';
import type { AnyOperation, ProtectedAccess } from '../../kernel/operation';
import type { Role } from '../../kernel/roles';
import { todayIn } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';
import { admit, discharge, findAdmission } from '../admissions';
import { checkPrescribable, findEncounter, prescribe } from '../encounters';
import { orderLabTests, resolveSource } from '../lab';
import { findPatient } from '../patients';
import { orderRadiology } from '../radiology';
import { ACTION_TYPE_NAMES, type ActionTypeName } from './action-type-names';
import {
  admissionRiskFindings,
  dischargeRiskFindings,
  nearMatchRiskFindings,
  orderPriorityFindings,
  prescriptionRiskFindings,
  type RiskFinding,
  type RiskLevel,
  radiologyRiskFindings,
} from './risk';

/** What a type's assessment finds out about a proposal, from the tenant's records. */
export interface Assessment {
  patientId: string;
  patientName: string;
  /** The change in words, for the person deciding. */
  summary: string;
  findings: RiskFinding[];
}

export interface ActionTypeDef {
  type: ActionTypeName;
  /** For people: the Approvals page and the docs. */
  title: string;
  /** The proposal operation is `agent-actions.<proposeVerb>`. */
  proposeVerb: string;
  proposeSummary: string;
  /** The proposal's fields (the agent's rationale is added to every proposal). */
  proposal: z.ZodMiniObject;
  /** Roles whose users (or agents acting with their token) may propose. */
  proposers: readonly Role[];
  /** The operation an approved action runs, as the person who approved it. */
  target: AnyOperation;
  /** The target operation's input, validated with its schema when the action is proposed. */
  toTargetInput(proposal: Record<string, unknown>): Record<string, unknown>;
  /** Reads the facts the risk rules need and checks the proposal can be carried out now. */
  assess(ctx: Context, targetInput: Record<string, unknown>): Promise<Assessment>;
  /** The id of what the operation created, recorded on the executed action. */
  resultId(output: unknown): string;
  /**
   * Where that id comes from, so an executor that died after the operation's write can still
   * name the result: `created`, the first id the operation draws (derived from the action's id,
   * kernel/ids.ts); `target`, the `id` of the operation's input (the record it changed).
   */
  result: 'created' | 'target';
  /** How long a proposal waits for a decision unless the hospital sets another lifetime. */
  lifetimeMinutes: number;
  /** Name of the executor function (one per type; lib/events-stack.ts). */
  executor: string;
  /** The risk rules in words (docs/hitl.md); the code is the assessment's. */
  riskRules: readonly string[];
  /**
   * The roles that may decide this proposal when narrower than the type's (approverRoles): a
   * discharge with medicines is prescribing, for doctors only.
   */
  approversFor?(targetInput: Record<string, unknown>): readonly Role[] | undefined;
  /**
   * Why the hospital's auto-approval rule does not cover this proposal at this risk, or null when
   * it does. CRITICAL is never covered, whatever the type (agent-actions service).
   */
  autoApprovalExclusion?(risk: RiskLevel, targetInput: Record<string, unknown>): string | null;
}

async function requirePatient(ctx: Context, id: string) {
  const patient = await findPatient(ctx.store, id);
  if (!patient) throw new NotFound(`Patient ${id} not found`);
  return patient;
}

const prescription: ActionTypeDef = {
  type: 'prescription',
  title: 'Prescription',
  proposeVerb: 'proposePrescription',
  proposeSummary:
    'Propose a prescription on an open encounter for a doctor to approve (nothing is prescribed until then)',
  proposal: z.extend(PrescriptionInputSchema, { encounterId: idParam() }),
  proposers: ['DOCTOR', 'NURSE', 'PHARMACIST'],
  target: prescribe,
  toTargetInput: ({ encounterId, ...rx }) => ({ id: encounterId, ...rx }),
  async assess(ctx, input) {
    const rx = input as z.output<typeof prescribe.input>;
    const encounter = await findEncounter(ctx.store, rx.id);
    if (!encounter) throw new NotFound(`Encounter ${rx.id} not found`);
    const patient = await requirePatient(ctx, encounter.patientId);
    // The same screen the prescription will pass: a finished encounter or an allergy conflict
    // without an override reason is refused now, not after a doctor approved it.
    const check = checkPrescribable({
      encounterStatus: encounter.status,
      encounterId: encounter.id,
      allergies: patient.allergies ?? [],
      drug: { name: rx.drugName, code: rx.drugCode ?? null },
      overrideReason: rx.allergyOverrideReason ?? null,
    });
    const classes = medicationRiskClasses({ name: rx.drugName, code: rx.drugCode }, rx.route);
    const ageYears = ageInYears(patient.dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now));
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary:
        `${rx.drugName} ${rx.strength}: ${rx.dose} ${rx.route}, ${rx.frequency} for ${rx.durationDays} day${rx.durationDays === 1 ? '' : 's'} (quantity ${rx.quantity})` +
        `${rx.instructions ? `; ${rx.instructions}` : ''}${check.overrideReason ? `; allergy override: ${check.overrideReason}` : ''}` +
        ` on encounter ${encounter.id} with ${encounter.doctorName}`,
      findings: [
        ...prescriptionRiskFindings({
          allergyConflicts: check.allergyConflicts,
          controlled: classes.controlled,
          highAlert: classes.highAlert,
          ageYears,
          route: rx.route,
          drugCode: check.drugCode,
        }),
        ...(check.drugCode
          ? []
          : nearMatchRiskFindings({
              name: rx.drugName,
              allergies: patient.allergies ?? [],
              ageYears,
              route: rx.route,
            })),
      ],
    };
  },
  resultId: (output) => (output as { id: string }).id,
  result: 'created',
  // An OPD prescription is decided within the clinic session the patient is in.
  lifetimeMinutes: 4 * 60,
  executor: 'agent-action-prescription',
  // A hospital may pre-approve only what needs no prescriber's judgement: a LOW prescription.
  autoApprovalExclusion: (risk) =>
    risk === 'LOW' ? null : `auto-approval covers only LOW prescriptions (this one is ${risk})`,
  riskRules: [
    'CRITICAL: overrides a recorded allergy or cross-sensitivity (an allergyOverrideReason was needed)',
    'CRITICAL: a controlled or high-alert drug for a child (under 18, BNF for Children)',
    'HIGH: a controlled drug (opioids incl. tramadol and the N01AH opioid anaesthetics, benzodiazepines and Z-drugs, barbiturates, stimulants, gabapentinoids, ketamine)',
    'HIGH: an ISMP high-alert medication (anticoagulants, thrombolytics, glycoprotein IIb/IIIa inhibitors, insulin, sulfonylureas, opioids incl. N01AH, antineoplastics, methotrexate, concentrated electrolytes incl. potassium phosphate and hypertonic saline, neuromuscular blockers, IV antiarrhythmics, digoxin, IV inotropes and vasopressors, IV oxytocin, general anaesthetics, IV moderate sedation, IV adrenergic antagonists, epoprostenol, nitroprusside, IV promethazine, parenteral nutrition)',
    'HIGH: any drug for a child under 18 (a paediatric dose, BNF for Children)',
    'MEDIUM: a parenteral route (IV, IM, SC)',
    'MEDIUM: a drug the catalogue cannot class (no ATC code), and no lower than the catalogue drug its name is nearest to (a misspelling is screened as that drug)',
    'LOW: none of the above',
  ],
};

/** The fields of an operation's input as a plain object (its cross-field checks run at proposal). */
function fieldsOf(op: AnyOperation): Record<string, z.ZodMiniType> {
  return (op.input as unknown as z.ZodMiniObject).shape as unknown as Record<string, z.ZodMiniType>;
}

const idOf = (output: unknown) => (output as { id: string }).id;

async function ageOf(ctx: Context, dateOfBirth: string) {
  return ageInYears(dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now));
}

const admission: ActionTypeDef = {
  type: 'admission',
  title: 'Admission',
  proposeVerb: 'proposeAdmission',
  proposeSummary:
    'Propose admitting a patient to a bed or ward for a person who may admit to approve (nothing happens until then)',
  proposal: z.strictObject(fieldsOf(admit)),
  proposers: ['DOCTOR', 'NURSE', 'BED_MANAGER'],
  target: admit,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const a = input as z.output<typeof admit.input>;
    const patient = await requirePatient(ctx, a.patientId);
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Admit (${a.source}) for ${a.reason}${a.provisionalDiagnosis ? `; provisional diagnosis ${a.provisionalDiagnosis.text}` : ''}; ${a.bedId ? `bed ${a.bedId}` : `first free bed of ward ${a.wardId}`}${a.expectedLengthOfStayDays ? `; expected stay ${a.expectedLengthOfStayDays} days` : ''}`,
      findings: admissionRiskFindings({
        source: a.source,
        ageYears: await ageOf(ctx, patient.dateOfBirth),
      }),
    };
  },
  resultId: idOf,
  result: 'created',
  // A patient waiting for a bed needs a decision within the hour or two.
  lifetimeMinutes: 2 * 60,
  executor: 'agent-action-admission',
  riskRules: [
    'MEDIUM: every admission (a bed and an inpatient stay)',
    'HIGH: an emergency admission',
    'HIGH: a child under 16',
  ],
};

const { id: _admissionId, ...dischargeFields } = fieldsOf(discharge);
const hasMedicines = (input: Record<string, unknown>) =>
  Array.isArray(input.medications) && input.medications.length > 0;
const dischargeType: ActionTypeDef = {
  type: 'discharge',
  title: 'Discharge',
  proposeVerb: 'proposeDischarge',
  proposeSummary:
    'Propose discharging an admitted patient (summary, disposition, medications) for a doctor to approve',
  proposal: z.strictObject({ admissionId: idParam(), ...dischargeFields }),
  proposers: ['DOCTOR', 'NURSE'],
  target: discharge,
  toTargetInput: ({ admissionId, ...rest }) => ({ id: admissionId, ...rest }),
  async assess(ctx, input) {
    const d = input as z.output<typeof discharge.input>;
    const stay = await findAdmission(ctx.store, d.id);
    if (!stay) throw new NotFound(`Admission ${d.id} not found`);
    const risky = d.medications.flatMap((m) => {
      const c = medicationRiskClasses({ name: m.drugName, code: m.drugCode }, m.route);
      return c.controlled.length || c.highAlert.length ? [m.drugName] : [];
    });
    return {
      patientId: stay.patientId,
      patientName: stay.patientName,
      summary: `Discharge (${d.disposition}) from ${stay.wardName} bed ${stay.bedCode}: ${d.finalDiagnoses.map((x) => x.text).join('; ')}; condition ${d.conditionAtDischarge}${d.medications.length ? `; ${d.medications.length} discharge medication${d.medications.length === 1 ? '' : 's'} (${d.medications.map((m) => m.drugName).join(', ')})` : ''}${d.followUpDate ? `; follow-up ${d.followUpDate}` : ''}`,
      findings: dischargeRiskFindings({ disposition: d.disposition, riskyMedications: risky }),
    };
  },
  resultId: idOf,
  result: 'target',
  // Discharges are decided on the ward round: within the day.
  lifetimeMinutes: 12 * 60,
  executor: 'agent-action-discharge',
  // Discharge medicines are prescriptions: a doctor decides them, never a standing rule.
  approversFor: (input) => (hasMedicines(input) ? PRESCRIBER_ROLES : undefined),
  autoApprovalExclusion: (_risk, input) =>
    hasMedicines(input)
      ? 'auto-approval never covers a discharge with medicines (prescribing is a doctor’s decision)'
      : null,
  riskRules: [
    'MEDIUM: every discharge (inpatient care ends)',
    'HIGH: against medical advice, or absconded',
    'HIGH: a controlled or high-alert discharge medication',
    'CRITICAL: a discharge that records a death (disposition deceased)',
  ],
};

const labOrder: ActionTypeDef = {
  type: 'lab-order',
  title: 'Lab order',
  proposeVerb: 'proposeLabOrder',
  proposeSummary: 'Propose lab tests or panels from an encounter for a doctor to approve',
  proposal: z.strictObject(fieldsOf(orderLabTests)),
  proposers: ['DOCTOR', 'NURSE'],
  target: orderLabTests,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const o = input as z.output<typeof orderLabTests.input>;
    const source = await resolveSource(ctx, o.source);
    const patient = await requirePatient(ctx, source.patientId);
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Lab order (${o.priority}): ${o.codes.join(', ')} from ${o.source.kind} ${o.source.id}${o.clinicalNotes ? `; ${o.clinicalNotes}` : ''}`,
      findings: orderPriorityFindings(o.priority),
    };
  },
  resultId: idOf,
  result: 'created',
  lifetimeMinutes: 8 * 60,
  executor: 'agent-action-lab-order',
  riskRules: ['HIGH: a stat order', 'MEDIUM: an urgent order', 'LOW: a routine order'],
};

const radiologyOrder: ActionTypeDef = {
  type: 'radiology-order',
  title: 'Radiology order',
  proposeVerb: 'proposeRadiologyOrder',
  proposeSummary:
    'Propose a radiology procedure from an encounter, with its clinical question, for a doctor to approve',
  proposal: z.strictObject(fieldsOf(orderRadiology)),
  proposers: ['DOCTOR', 'NURSE'],
  target: orderRadiology,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const o = input as z.output<typeof orderRadiology.input>;
    const source = await resolveSource(ctx, o.source);
    const patient = await requirePatient(ctx, source.patientId);
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Radiology order (${o.priority}): ${o.procedureCode} from ${o.source.kind} ${o.source.id}; question: ${o.clinicalQuestion}`,
      findings: radiologyRiskFindings({ priority: o.priority, safety: o.safety }),
    };
  },
  resultId: idOf,
  result: 'created',
  lifetimeMinutes: 24 * 60,
  executor: 'agent-action-radiology-order',
  riskRules: [
    'HIGH: a stat order',
    'HIGH: a safety answer the radiology screen stops on (possible pregnancy, contrast allergy, implant, eGFR below 30, acute kidney injury)',
    'MEDIUM: an urgent order',
    'LOW: a routine order without safety findings',
  ],
};

export const ACTION_TYPES: Readonly<Record<ActionTypeName, ActionTypeDef>> = {
  prescription,
  admission,
  discharge: dischargeType,
  'lab-order': labOrder,
  'radiology-order': radiologyOrder,
};

export function actionType(type: ActionTypeName): ActionTypeDef {
  return ACTION_TYPES[type];
}

export function allActionTypes(): ActionTypeDef[] {
  return ACTION_TYPE_NAMES.map((t) => ACTION_TYPES[t]);
}

/**
 * Who may decide an action of this type: the roles that may run its target operation (ADMIN
 * may run every operation but a clinical decision, such as prescribing). Derived, never listed,
 * so approval cannot drift from the operation's access. A type may narrow it for one proposal
 * (a discharge with medicines is prescribing: doctors only), see approverRolesOf.
 */
export function approverRoles(def: Pick<ActionTypeDef, 'target'>): Role[] {
  return allowedRoles(def.target.access as ProtectedAccess);
}

/** The approvers of one proposal: the type's, narrowed where the proposal asks for it. */
export function approverRolesOf(def: ActionTypeDef, targetInput: Record<string, unknown>): Role[] {
  const narrowed = def.approversFor?.(targetInput);
  return narrowed ? approverRoles(def).filter((r) => narrowed.includes(r)) : approverRoles(def);
}
