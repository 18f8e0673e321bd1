import { defineModule } from '../../manifest/module';
import { pharmacyGroup } from './routes';
import { batchStatusTableMarkdown } from './status';

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
