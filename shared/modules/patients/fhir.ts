/**
 * A patient as FHIR R4 resources, for the hospital's data export (tenants/export.ts): the Patient
 * itself (identifier MRN, name, gender, birthDate, telecom, address, emergency contact), one
 * AllergyIntolerance per recorded allergy and the blood group as an Observation (LOINC 882-1,
 * "ABO and Rh group [Type] in Blood"), so no field of the record is left behind.
 */
import type { PatientRecord } from './store';

type Resource = Record<string, unknown> & { resourceType: string };

/** FHIR's identifier type for a medical record number (HL7 v2 table 0203, code MR). */
const MRN_TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
  text: 'Medical record number',
};

/** The MRN's system: numbers are issued per hospital, so the system names the hospital. */
export const mrnSystem = (tenantId: string) => `urn:hms:tenant:${tenantId}:mrn`;

export function patientResources(p: PatientRecord): Resource[] {
  const patientRef = { reference: `Patient/${p.id}` };
  const telecom = [
    { system: 'phone', value: p.phoneE164, use: 'mobile' },
    ...(p.email ? [{ system: 'email', value: p.email }] : []),
  ];
  const patient: Resource = {
    resourceType: 'Patient',
    id: p.id,
    meta: { lastUpdated: p.updatedAt },
    identifier: [{ type: MRN_TYPE, system: mrnSystem(p.tenantId), value: p.mrn }],
    name: [{ text: p.name }],
    // The service's sexes are FHIR's AdministrativeGender codes (schemas.ts).
    gender: p.sex,
    birthDate: p.dateOfBirth,
    telecom,
    ...(p.address
      ? {
          address: [
            {
              line: [p.address.line],
              city: p.address.city,
              ...(p.address.state ? { state: p.address.state } : {}),
              ...(p.address.postalCode ? { postalCode: p.address.postalCode } : {}),
              ...(p.address.country ? { country: p.address.country } : {}),
            },
          ],
        }
      : {}),
    ...(p.emergencyContact
      ? {
          contact: [
            {
              relationship: [{ text: p.emergencyContact.relationship }],
              name: { text: p.emergencyContact.name },
              telecom: [{ system: 'phone', value: p.emergencyContact.phone }],
            },
          ],
        }
      : {}),
  };
  const allergies: Resource[] = p.allergies.map((text, i) => ({
    resourceType: 'AllergyIntolerance',
    id: `${p.id}-allergy-${i + 1}`,
    patient: patientRef,
    code: { text },
  }));
  const bloodGroup: Resource[] = p.bloodGroup
    ? [
        {
          resourceType: 'Observation',
          id: `${p.id}-blood-group`,
          status: 'final',
          code: {
            coding: [{ system: 'http://loinc.org', code: '882-1' }],
            text: 'ABO and Rh group',
          },
          subject: patientRef,
          valueCodeableConcept: { text: p.bloodGroup },
        },
      ]
    : [];
  return [patient, ...allergies, ...bloodGroup];
}
