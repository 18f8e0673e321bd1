import { newKeySet } from '../../shared/auth/signing-keys';

/**
 * One signing key set per test worker: the runtime and the operation tests of a worker sign and
 * verify with the same keys, as the functions of one deployment do.
 */
export const TEST_SIGNING_KEYS = JSON.stringify(newKeySet(new Date()));
