/**
 * Storage of departments: the department item (listed in name order through gsi1) and two
 * uniqueness lookups, by name (case-, spacing- and Unicode-form-insensitive) and by code, written
 * in the same transaction so a taken one is a 409 that writes nothing.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { Department } from './schemas';

export const DepartmentRecord = defineRecord(
  'Department',
  z.extend(Department, { tenantId: z.string() }),
);
export type DepartmentRecord = z.output<typeof DepartmentRecord.schema>;

const DepartmentLookup = defineRecord(
  'DepartmentLookup',
  z.strictObject({ departmentId: z.string() }),
);

/** Case-, spacing- and Unicode-form-insensitive name, for the uniqueness lookup and sorting. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

export const departmentKeys = (store: Store) => ({
  department: (id: string) => store.keys.entity('DEPARTMENT', id),
  byName: (name: string) => store.keys.entity('DEPTNAME', nameKey(name)),
  byCode: (code: string) => store.keys.entity('DEPTCODE', code),
  all: () => store.keys.collection('DEPARTMENTS'),
});

/** Name lookup (0), code lookup (1, when there is a code), then the department. */
export function newDepartmentWrites(store: Store, dept: DepartmentRecord): TxItem[] {
  const keys = departmentKeys(store);
  const NOT_EXISTS = 'attribute_not_exists(pk)';
  const lookup = { departmentId: dept.id };
  return [
    {
      name: 'department-name',
      Put: {
        Item: DepartmentLookup.item(lookup, keys.byName(dept.name)),
        ConditionExpression: NOT_EXISTS,
      },
    },
    ...(dept.code
      ? [
          {
            name: 'department-code',
            Put: {
              Item: DepartmentLookup.item(lookup, keys.byCode(dept.code)),
              ConditionExpression: NOT_EXISTS,
            },
          },
        ]
      : []),
    {
      Put: {
        Item: DepartmentRecord.item(dept, {
          ...keys.department(dept.id),
          gsi1pk: keys.all(),
          gsi1sk: sortKey(nameKey(dept.name), dept.id),
        }),
        ConditionExpression: NOT_EXISTS,
      },
    },
  ];
}

export async function findDepartment(
  store: Store,
  id: string,
): Promise<DepartmentRecord | undefined> {
  const item = await store.get(departmentKeys(store).department(id));
  return item ? DepartmentRecord.read(item) : undefined;
}

/** Guards another module's write: the department must still exist when it lands. */
export function departmentExists(store: Store, id: string): TxItem {
  return {
    ConditionCheck: {
      Key: departmentKeys(store).department(id),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
