/** What the authorizer may use of the api-keys module. */
export { ApiKeyRecord, findApiKey, HashLookup, hashKey } from './store';
