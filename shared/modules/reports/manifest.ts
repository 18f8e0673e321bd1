import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as reports from './operations';
import { reportsGroup } from './routes';

const getReport = operationCapability(reports.get, {
  name: 'get-report',
  tool: true,
  skill: 'operations-reports',
  title: 'Get a report',
  description:
    "A weekly management report for a range of the hospital's calendar days: inpatient (admissions and discharges per day, midnight census, average length of stay, by ward) outpatient (bookings, visits, no-shows and cancellations per day, by department and doctor, no-show rate) lab-turnaround (tests reported per day, median and 90th-percentile minutes from order to final report, by test and priority) or revenue (invoiced, collected, refunded, cancelled and outstanding per day in minor units, net revenue by department and service type, collections by payment method).",
  scope: 'agents:operations:read',
  tags: ['reports', 'operations', 'census', 'outpatient'],
  keywords: [
    'report',
    'census',
    'occupancy',
    'length of stay',
    'admissions',
    'discharges',
    'no-show',
    'visits',
    'turnaround',
    'lab',
    'revenue',
    'collections',
    'outstanding',
  ],
  examples: [
    'What was the midnight census each day last week?',
    'What was the no-show rate by doctor this month?',
    'What was the median lab turnaround for haemoglobin yesterday?',
    'How much did we collect this week, and what is outstanding?',
  ],
});

export default defineModule({
  name: 'reports',
  title: 'Reports',
  area: 'finance',
  source: import.meta.url,
  doc: 'docs/reports.md',
  scopes: { 'reports:read': "Read the managers' reports (census, outpatient activity)" },
  capabilities: [getReport],
  skills: [
    {
      name: 'operations-reports',
      title: 'Operations reports',
      description:
        'Census, length of stay, admissions, discharges and outpatient activity for a date range.',
      tags: ['reports', 'operations'],
      examples: ['What was the midnight census each day last week?'],
      keywords: ['report', 'census', 'outpatient'],
    },
  ],
  groups: [reportsGroup],
  pages: [
    {
      name: 'reports',
      path: '/manager-reports',
      title: 'Reports',
      summary: "Managers' reports: a chart drawn in the page, the daily table, breakdowns, CSV",
      icon: 'chart',
      section: 'Reports',
      audience: [reports.get],
      layout: 'app',
      body: 'shared/web/reports-page.ts',
      script: 'shared/web/client/reports.ts',
    },
  ],
});
