import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as billing from './operations';
import { billingGroup } from './routes';
import { invoiceStatusTableMarkdown } from './status';

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
  capabilities: [billingSummary],
  skills: [
    {
      name: 'billing-summary',
      title: 'Billing summary',
      description: 'Billed, collected, refunded and outstanding amounts for today and this month.',
      tags: ['billing', 'finance', 'operations'],
      examples: ['What did we collect today?'],
      keywords: ['billing', 'revenue', 'collected', 'outstanding'],
    },
  ],
  groups: [billingGroup],
  pages: [
    {
      name: 'billing-desk',
      path: '/billing-desk',
      title: 'Billing desk',
      summary:
        'Billing desk: the billing dashboard with its chart, bills, an invoice with payment entry',
      icon: 'receipt',
      section: 'Finance',
      audience: [billing.list, billing.dashboard],
      layout: 'app',
      body: 'shared/web/billing-desk.ts',
      script: 'shared/web/client/billing.ts',
    },
  ],
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
