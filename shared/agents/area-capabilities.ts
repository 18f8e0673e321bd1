/**
 * Capabilities over the inpatient, pharmacy, billing and diagnostics areas: the spec's
 * get-bed-availability, get-pharmacy-stock, get-billing-summary and pharmacy-expiry-scan (the
 * operations-read tools an `agents:operations:read` key opens), and read tools over lab results
 * and the lab and radiology worklists. Each one is a plain binding to its operation: the answer is
 * what the operation answers, the access rule is the operation's (a user by role, a key by the
 * operation's scope or the capability's agent scope).
 */
import * as beds from '../modules/beds/operations';
import * as billing from '../modules/billing/operations';
import * as lab from '../modules/lab/operations';
import * as pharmacy from '../modules/pharmacy/operations';
import * as radiology from '../modules/radiology/operations';
import { type AnyCapability, operationCapability, type Skill } from './capability';

const bedAvailability = operationCapability(beds.availability, {
  name: 'get-bed-availability',
  tool: true,
  skill: 'bed-availability',
  title: 'Bed availability',
  description:
    'Beds per ward and in total: counts by state (HL7 0116) and free beds; filter by ward type, sex policy or a bed feature such as oxygen.',
  scope: 'agents:operations:read',
  tags: ['beds', 'wards', 'inpatient', 'operations'],
  keywords: ['bed', 'beds', 'ward', 'wards', 'free', 'vacant', 'icu', 'occupancy', 'availability'],
  examples: ['How many ICU beds are free?', 'Free beds with oxygen in female wards'],
});

const pharmacyStock = operationCapability(pharmacy.stock, {
  name: 'get-pharmacy-stock',
  tool: true,
  skill: 'stock-check',
  title: 'Pharmacy stock of an item',
  description:
    'One formulary item’s stock: on hand, dispensable today, expired awaiting write-off, value at cost, and its batches first expiry first.',
  scope: 'agents:operations:read',
  tags: ['pharmacy', 'stock', 'operations'],
  keywords: ['stock', 'inventory', 'units', 'on hand', 'medicine', 'drug', 'batches'],
  examples: ['How much stock of item 7c1e… is left?'],
});

const lowStock = operationCapability(pharmacy.lowStock, {
  name: 'get-low-stock',
  tool: true,
  skill: 'stock-check',
  title: 'Low stock report',
  description:
    'Formulary items at or below their reorder level, with a suggested order in whole packs.',
  scope: 'agents:operations:read',
  tags: ['pharmacy', 'stock', 'reorder', 'operations'],
  keywords: ['low', 'reorder', 'shortage', 'running', 'out', 'restock'],
  examples: ['Which medicines are running low?'],
});

const expiryScan = operationCapability(pharmacy.expiryScan, {
  name: 'pharmacy-expiry-scan',
  tool: true,
  skill: 'pharmacy-scan',
  title: 'Pharmacy expiry scan',
  description:
    "The hospital's batches with stock that are expired or expire within withinDays (default 90): quantity, value at cost and the suggested action. Always the caller's own hospital.",
  scope: 'agents:operations:read',
  tags: ['pharmacy', 'expiry', 'operations'],
  keywords: ['expiry', 'expiring', 'expired', 'expire', 'scan', 'write-off'],
  examples: ['Which batches expire in the next 30 days?'],
});

const billingSummary = operationCapability(billing.dashboard, {
  name: 'get-billing-summary',
  tool: true,
  skill: 'billing-summary',
  title: 'Billing summary',
  description:
    "Today's and this month's billed and collected amounts (by payment method), refunds, revenue by department and service, and outstanding balances by age, in the hospital's time zone.",
  scope: 'agents:operations:read',
  tags: ['billing', 'finance', 'operations'],
  keywords: ['billing', 'billed', 'revenue', 'collected', 'collection', 'outstanding', 'invoices'],
  examples: ['What did we collect today?', 'How much is outstanding this month?'],
});

const labResults = operationCapability(lab.cumulative, {
  name: 'get-lab-results',
  tool: true,
  skill: 'lab-results',
  title: 'Cumulative lab results',
  description:
    "A patient's lab results, one row per test and one column per order, with their flags (L, H, LL, HH).",
  scope: 'lab:read',
  tags: ['lab', 'results', 'clinical'],
  keywords: ['lab', 'results', 'result', 'test', 'tests', 'haemoglobin', 'potassium', 'blood'],
  examples: ['Show the lab results of patient 6f1c…'],
});

const labWorklist = operationCapability(lab.worklistOp, {
  name: 'get-lab-worklist',
  tool: true,
  skill: 'lab-results',
  title: 'Lab worklist',
  description:
    'Lab orders pending collection, result entry or verification, stat orders first, then oldest.',
  scope: 'lab:read',
  tags: ['lab', 'worklist'],
  keywords: ['worklist', 'pending', 'collection', 'verification', 'specimens'],
  examples: ['Which lab orders are waiting for collection?'],
});

const criticalResults = operationCapability(lab.criticals, {
  name: 'get-critical-lab-results',
  tool: true,
  skill: 'lab-results',
  title: 'Unacknowledged critical results',
  description: 'Critical lab results no one has acknowledged yet, oldest first.',
  scope: 'lab:read',
  tags: ['lab', 'critical', 'alerts'],
  keywords: ['critical', 'alert', 'alerts', 'panic', 'unacknowledged'],
  examples: ['Are there critical results nobody has acknowledged?'],
});

const radiologyWorklist = operationCapability(radiology.worklist, {
  name: 'get-radiology-worklist',
  tool: true,
  skill: 'radiology-worklist',
  title: 'Radiology worklist',
  description:
    'Radiology orders to screen and schedule, scheduled, in progress or completed and waiting for a report.',
  scope: 'radiology:read',
  tags: ['radiology', 'imaging', 'worklist'],
  keywords: ['radiology', 'imaging', 'xray', 'x-ray', 'ct', 'mri', 'ultrasound', 'scan', 'report'],
  examples: ['Which CT studies are waiting for a report?'],
});

/** In the order tools/list shows them, after the outpatient tools. */
export const AREA_CAPABILITIES: readonly AnyCapability[] = [
  bedAvailability,
  pharmacyStock,
  lowStock,
  expiryScan,
  billingSummary,
  labResults,
  labWorklist,
  criticalResults,
  radiologyWorklist,
];

export const AREA_SKILLS: readonly Skill[] = [
  {
    name: 'bed-availability',
    title: 'Bed availability',
    description:
      'Free and occupied beds per ward and in total, by ward type, sex policy and feature.',
    tags: ['beds', 'inpatient', 'operations'],
    examples: ['How many ICU beds are free?'],
    keywords: ['bed', 'beds', 'ward', 'free', 'vacant'],
  },
  {
    name: 'stock-check',
    title: 'Stock check',
    description: 'Pharmacy stock of an item and the items below their reorder level.',
    tags: ['pharmacy', 'stock', 'operations'],
    examples: ['Which medicines are running low?'],
    keywords: ['stock', 'inventory', 'reorder', 'low'],
  },
  {
    name: 'pharmacy-scan',
    title: 'Pharmacy expiry scan',
    description: 'Batches expired or expiring soon, their value at cost and what to do with them.',
    tags: ['pharmacy', 'expiry', 'operations'],
    examples: ['Which batches expire in the next 30 days?'],
    keywords: ['expiry', 'expiring', 'expired', 'scan'],
  },
  {
    name: 'billing-summary',
    title: 'Billing summary',
    description: 'Billed, collected, refunded and outstanding amounts for today and this month.',
    tags: ['billing', 'finance', 'operations'],
    examples: ['What did we collect today?'],
    keywords: ['billing', 'revenue', 'collected', 'outstanding'],
  },
  {
    name: 'lab-results',
    title: 'Lab results',
    description:
      "A patient's cumulative lab results, the lab worklists and unacknowledged criticals.",
    tags: ['lab', 'results', 'clinical'],
    examples: ['Show the lab results of patient 6f1c…'],
    keywords: ['lab', 'results', 'critical', 'worklist'],
  },
  {
    name: 'radiology-worklist',
    title: 'Radiology worklist',
    description: 'Radiology orders by step: to schedule, scheduled, in progress, to report.',
    tags: ['radiology', 'imaging', 'worklist'],
    examples: ['Which CT studies are waiting for a report?'],
    keywords: ['radiology', 'imaging', 'scan', 'report'],
  },
];
