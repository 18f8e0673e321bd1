/**
 * The hospital export's records (shared/modules/tenants/export.ts, patients/fhir.ts): patients as
 * FHIR R4 resources, everything else as the service's JSON with its kind, never a secret.
 */
import { describe, expect, it } from 'vitest';
import { exportRecords, withoutSecrets } from '../../../shared/modules/tenants/export';

const patientItem = {
  pk: 'TENANT#t-1#PATIENT#p-1',
  sk: 'PATIENT',
  gsi1pk: 'TENANT#t-1#PATIENTS',
  gsi1sk: '2026-11-01T00:00:00.000Z#p-1',
  entity: 'Patient',
  id: 'p-1',
  tenantId: 't-1',
  mrn: 'MRN-000007',
  name: 'Meera Iyer',
  dateOfBirth: '1984-02-29',
  sex: 'female',
  phone: '98450 12345',
  phoneE164: '+919845012345',
  phoneDigits: '919845012345',
  email: 'meera@example.test',
  address: {
    line: '12 MG Road',
    city: 'Bengaluru',
    state: 'KA',
    postalCode: '560001',
    country: 'IN',
  },
  bloodGroup: 'O+',
  allergies: ['penicillin', 'latex'],
  emergencyContact: { name: 'Ravi Iyer', relationship: 'spouse', phone: '+919845000000' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  version: 2,
};

describe('hospital export records', () => {
  it('map a patient to FHIR Patient, AllergyIntolerance and blood-group Observation', () => {
    const records = exportRecords([patientItem]);
    expect(Object.keys(records).sort()).toEqual(['AllergyIntolerance', 'Observation', 'Patient']);
    expect(records.Patient).toEqual([
      {
        resourceType: 'Patient',
        id: 'p-1',
        meta: { lastUpdated: '2026-11-02T00:00:00.000Z' },
        identifier: [
          {
            type: {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
              text: 'Medical record number',
            },
            system: 'urn:hms:tenant:t-1:mrn',
            value: 'MRN-000007',
          },
        ],
        name: [{ text: 'Meera Iyer' }],
        gender: 'female',
        birthDate: '1984-02-29',
        telecom: [
          { system: 'phone', value: '+919845012345', use: 'mobile' },
          { system: 'email', value: 'meera@example.test' },
        ],
        address: [
          {
            line: ['12 MG Road'],
            city: 'Bengaluru',
            state: 'KA',
            postalCode: '560001',
            country: 'IN',
          },
        ],
        contact: [
          {
            relationship: [{ text: 'spouse' }],
            name: { text: 'Ravi Iyer' },
            telecom: [{ system: 'phone', value: '+919845000000' }],
          },
        ],
      },
    ]);
    expect(records.AllergyIntolerance).toEqual([
      {
        resourceType: 'AllergyIntolerance',
        id: 'p-1-allergy-1',
        patient: { reference: 'Patient/p-1' },
        code: { text: 'penicillin' },
      },
      {
        resourceType: 'AllergyIntolerance',
        id: 'p-1-allergy-2',
        patient: { reference: 'Patient/p-1' },
        code: { text: 'latex' },
      },
    ]);
    expect(records.Observation).toEqual([
      {
        resourceType: 'Observation',
        id: 'p-1-blood-group',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '882-1' }], text: 'ABO and Rh group' },
        subject: { reference: 'Patient/p-1' },
        valueCodeableConcept: { text: 'O+' },
      },
    ]);
  });

  it('leave out what a minimal patient does not have', () => {
    const {
      email: _e,
      address: _a,
      bloodGroup: _b,
      emergencyContact: _c,
      ...minimal
    } = patientItem;
    const records = exportRecords([
      { ...minimal, allergies: [], address: { line: '1 Main St', city: 'Pune' } },
    ]);
    expect(Object.keys(records)).toEqual(['Patient']);
    const patient = records.Patient![0]!;
    expect(patient.telecom).toEqual([{ system: 'phone', value: '+919845012345', use: 'mobile' }]);
    expect(patient.address).toEqual([{ line: ['1 Main St'], city: 'Pune' }]);
    expect(patient).not.toHaveProperty('contact');
  });

  it('give other items as the service’s JSON with their kind, without keys or index attributes', () => {
    const records = exportRecords([
      {
        pk: 'TENANT#t-1#DEPT#d-1',
        sk: 'DEPT',
        gsi1pk: 'TENANT#t-1#DEPTS',
        gsi1sk: 'x',
        entity: 'Department',
        id: 'd-1',
        name: 'Cardiology',
      },
      { pk: 'TENANT#t-1#COUNTER#MRN', sk: 'COUNTER', value: 7 },
    ]);
    expect(records).toEqual({
      Department: [{ kind: 'Department', id: 'd-1', name: 'Cardiology' }],
      Item: [{ kind: 'Item', value: 7 }],
    });
  });

  it('never give a password, a hash, a secret or private signing material, at any depth', () => {
    const cleaned = withoutSecrets({
      id: 'u-1',
      passwordHash: 'scrypt$…',
      hash: 'abc',
      keyHash: 'def',
      secret: 'whsec_1',
      previousSecret: 'whsec_0',
      webhookSecret: 'x',
      privateJwk: { d: 'private' },
      response: {
        body: { key: { id: 'k-1', secret: 'hms_live_1' }, credentials: { password: 'p' } },
      },
      list: [{ tokenHash: 'h', name: 'kept' }],
      token: 42,
    });
    expect(cleaned).toEqual({
      id: 'u-1',
      response: { body: { key: { id: 'k-1' }, credentials: {} } },
      list: [{ name: 'kept' }],
      token: 42,
    });
  });
});
