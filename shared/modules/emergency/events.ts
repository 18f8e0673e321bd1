/**
 * The events the emergency department publishes (through emit(), in the change's transaction):
 * `EdCriticalTriage` from source `hms.emergency` when a triage (or re-triage) gives ESI 1 or 2,
 * with detail { tenantId, visitId, patientId (null while unidentified), level, scale,
 * presentingComplaint, triagedAt }. Delivery is at least once: consumers de-duplicate by visitId
 * and triagedAt.
 */
export const EMERGENCY_SOURCE = 'hms.emergency';
export const CRITICAL_TRIAGE = 'EdCriticalTriage';
