/** What the authorizer reads of a user, without the schemas (see kernel/projection.ts). */
import { projection } from '../../kernel/projection';
import type { Store } from '../../kernel/store/store';
import { userKeys } from './keys';
import type { UserRecord } from './store';

const UserCredential = projection<UserRecord>()('User', ['id', 'tenantId', 'role', 'active']);

export async function findUserCredential(store: Store, id: string) {
  const item = await store.get(userKeys(store).user(id));
  return item ? UserCredential.read(item) : undefined;
}
