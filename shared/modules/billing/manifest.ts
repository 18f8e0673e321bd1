import { defineModule } from '../../manifest/module';
import { billingGroup } from './routes';
import { invoiceStatusTableMarkdown } from './status';

export default defineModule({
  name: 'billing',
  title: 'Billing',
  area: 'finance',
  source: import.meta.url,
  doc: 'docs/billing.md',
  scopes: {
    'billing:read': 'Read charges, invoices, payments and the billing dashboard',
    'billing:write': 'Create charges and invoices, take payments and issue refunds',
  },
  groups: [billingGroup],
  pageScripts: { billing: 'shared/web/client/billing.ts' },
  chargeSources: [
    {
      source: 'staff',
      serviceTypes: ['procedure', 'other'],
      event:
        'staff add a charge (`POST /billing/charges`): a tariff line, or a priced line of its own (a procedure, a dressing)',
      charged: "the tariff's price, or the line's own price and tax (of any service type)",
    },
  ],
  stateTables: [
    {
      title:
        'Invoice (FHIR `Invoice.status`, `billing.setStatus`: `PATCH /billing/{id}/status`; payments and refunds)',
      intro:
        'Invoices are created `draft` (`POST /billing`) with their gap-free number. A person sets `issued`, `cancelled` or `entered-in-error` (the last two need a `reason`); `balanced` follows the money: ' +
        'a payment that brings payments − refunds to the total balances the invoice, and a refund (a credit note) that reopens a balance takes it back to `issued`. An issued invoice is immutable. ' +
        'Voiding a draft, or cancelling an issued invoice (allowed only while payments − refunds is 0: refund first), makes its charge items billable again for a corrected invoice.',
      render: invoiceStatusTableMarkdown,
    },
  ],
});
