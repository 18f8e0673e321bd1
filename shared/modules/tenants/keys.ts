/** Keys of the tenants module's items (the tenant item's own key is the kernel's `keys.tenant`). */
import { lookupKey } from '../../kernel/store/keys';

export const slugKey = (slug: string) => lookupKey('SLUG', slug);
