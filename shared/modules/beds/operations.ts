import { defineOperation } from '../../kernel/operation';
import {
  Availability,
  AvailabilityInput,
  Bed,
  BedBoard,
  BedIdInput,
  BedList,
  ChangeBedStateInput,
  CreateBedsInput,
  CreateWardInput,
  ListWardsInput,
  MarkBedCleanInput,
  Ward,
  WardIdInput,
  WardPage,
} from './schemas';
import * as svc from './service';

export const createWard = defineOperation({
  name: 'beds.createWard',
  summary: 'Create a ward (type, sex policy, daily bed charge in minor units); names are unique',
  input: CreateWardInput,
  output: Ward,
  access: { roles: ['BED_MANAGER'], scope: 'beds:write' },
  kind: 'write',
  idempotent: false,
  handler: svc.createWard,
});

export const listWards = defineOperation({
  name: 'beds.listWards',
  summary: 'List wards in name order with their bed counts, optionally of one type',
  input: ListWardsInput,
  output: WardPage,
  access: { roles: 'any', scope: 'beds:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.listWards,
});

export const getWard = defineOperation({
  name: 'beds.getWard',
  summary: 'One ward with its bed counts by state and free beds per feature',
  input: WardIdInput,
  output: Ward,
  access: { roles: 'any', scope: 'beds:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getWard,
});

export const createBeds = defineOperation({
  name: 'beds.createBeds',
  summary:
    'Create beds for a ward, all or none: a list of codes or a series (prefix A, 12 beds: A01…A12)',
  input: CreateBedsInput,
  output: BedList,
  access: { roles: ['BED_MANAGER'], scope: 'beds:write' },
  kind: 'write',
  idempotent: false,
  handler: svc.createBeds,
});

export const board = defineOperation({
  name: 'beds.board',
  summary: 'The bed board of a ward: every bed with its state, patient and NEWS2 escalation flag',
  input: WardIdInput,
  output: BedBoard,
  access: { roles: 'wardStaff', scope: 'beds:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.bedBoard,
});

export const availability = defineOperation({
  name: 'beds.availability',
  summary:
    'Bed availability per ward and in total: counts by state and free beds, by ward type, sex policy and feature',
  input: AvailabilityInput,
  output: Availability,
  access: { roles: 'any', scope: 'beds:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.bedAvailability,
});

export const getBed = defineOperation({
  name: 'beds.getBed',
  summary: 'One bed with its state (HL7 0116) and, while occupied, its patient',
  input: BedIdInput,
  output: Bed,
  access: { roles: 'wardStaff', scope: 'beds:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getBed,
});

export const changeState = defineOperation({
  name: 'beds.changeState',
  summary:
    'Close, reopen, isolate, mark contaminated or send a bed to housekeeping (bed state table); never an occupied bed',
  input: ChangeBedStateInput,
  output: Bed,
  access: { roles: ['BED_MANAGER'], scope: 'beds:write' },
  kind: 'write',
  idempotent: false,
  handler: svc.changeBedState,
});

export const markClean = defineOperation({
  name: 'beds.markClean',
  summary: 'Mark a bed in housekeeping clean: it becomes unoccupied',
  input: MarkBedCleanInput,
  output: Bed,
  access: { roles: ['NURSE', 'BED_MANAGER'], scope: 'beds:write' },
  kind: 'write',
  idempotent: false,
  handler: svc.markBedClean,
});
