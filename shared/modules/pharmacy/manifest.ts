import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as pharmacy from './operations';
import { pharmacyGroup } from './routes';
import { batchStatusTableMarkdown } from './status';

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

export default defineModule({
  name: 'pharmacy',
  title: 'Pharmacy',
  area: 'pharmacy',
  source: import.meta.url,
  doc: 'docs/pharmacy.md',
  scopes: {
    'pharmacy:read': 'Read the formulary, stock, batches, expiry and low-stock reports',
    'pharmacy:write': 'Receive stock, dispense prescriptions and record stock adjustments',
  },
  capabilities: [pharmacyStock, lowStock, expiryScan],
  skills: [
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
      description:
        'Batches expired or expiring soon, their value at cost and what to do with them.',
      tags: ['pharmacy', 'expiry', 'operations'],
      examples: ['Which batches expire in the next 30 days?'],
      keywords: ['expiry', 'expiring', 'expired', 'scan'],
    },
  ],
  groups: [pharmacyGroup],
  chargeSources: [
    {
      source: 'dispense',
      serviceTypes: ['pharmacy'],
      event: 'a dispense',
      charged: "each batch's units at the formulary's selling price",
    },
  ],
  stateTables: [
    {
      title: 'Stock batch (pharmacy: `pharmacy.writeOff`, `pharmacy.recall`)',
      intro:
        'A received batch is `active`; only an active batch is dispensed, adjusted or takes returns, and only while unexpired is it dispensed. ' +
        'A write-off is allowed once the batch has expired (the day after its expiry date); a recall at any time. Both take its remaining units out of the stock count.',
      render: batchStatusTableMarkdown,
    },
    {
      title: 'Dispensing and the prescription (`pharmacy.dispense`: `POST /pharmacy/dispenses`)',
      intro:
        'Only an `active` prescription is dispensed. Each dispense is a FHIR `MedicationDispense` with status `completed` and a v3 `ActPharmacySupplyType`:\n\n' +
        '| Dispense | Type | Prescription afterwards |\n|---|---|---|\n' +
        '| first, part of the quantity | `FFP` | `active`, the rest owed |\n' +
        '| first, all of it | `FFC` | `completed` |\n' +
        '| later, part of what is owed | `RFP` | `active`, the rest owed |\n' +
        '| later, all that is owed | `RFC` | `completed` |\n\n' +
        'A return of unused units restocks the batch and leaves the prescription as it is.',
    },
  ],
});
