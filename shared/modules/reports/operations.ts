import { defineOperation } from '../../kernel/operation';
import { GetReportInput, Report } from './schemas';
import { getReport } from './service';

export const get = defineOperation({
  name: 'reports.get',
  summary:
    "A weekly report (inpatient: admissions, discharges, midnight census, average length of stay; outpatient: bookings, visits, no-shows by department and doctor) for a range of the hospital's calendar days, from aggregates kept with the writes; `format=csv` adds it as CSV (REST answers text/csv)",
  input: GetReportInput,
  output: Report,
  access: { roles: 'reportReaders', scope: 'reports:read' },
  kind: 'read',
  idempotent: true,
  handler: getReport,
});
