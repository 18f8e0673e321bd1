/**
 * Client script for `/admin`: one IIFE assembled from the section modules in ./admin-client/,
 * which share its closure (session, state, api helpers). All data is inserted with textContent.
 */
import { API_KEYS_CODE } from './admin-client/api-keys';
import { OUTPATIENTS_CODE } from './admin-client/outpatients';
import { OVERVIEW_CODE } from './admin-client/overview';
import { SESSION_CODE } from './admin-client/session';
import { STAFF_CODE } from './admin-client/staff';
import { START_CODE } from './admin-client/start';
import { clientScript } from './client-common';

export function adminScript(): string {
  return clientScript(
    [SESSION_CODE, OVERVIEW_CODE, OUTPATIENTS_CODE, STAFF_CODE, API_KEYS_CODE, START_CODE].join(''),
  );
}
