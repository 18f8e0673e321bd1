import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/function-specs';
import { TABLE_GRANTS } from '../../lib/table-grants';

/**
 * The grants in lib/table-grants.ts are written from what the runtime code calls. This keeps the
 * two together: a DynamoDB command that a function starts using (a BatchWrite, a Scan) must be
 * added here and to the grants on purpose, or this fails, instead of failing with AccessDenied on
 * AWS only (DynamoDB Local checks no IAM).
 */
const ACTIONS_OF_COMMAND: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  QueryCommand: ['dynamodb:Query'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  // IAM authorises a transaction per item, by the item's own action.
  TransactWriteCommand: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
};
/**
 * Commands that no access level grants: a function that uses one gets a grant of its own, and
 * only the files listed here may call it. A Scan reads every tenant: only the once-per-table
 * backfill of the hospital list does, in the cross-tenant notification-triggers function
 * (`crossTenant.scan` in lib/events-stack.ts, granted in lib/functions.ts), and the hospital
 * export, in the tenant-export function (`scansTable` in lib/events-stack.ts, granted on its
 * tenant role by lib/table-grants.ts grantTenantScan).
 */
const OWN_GRANT: Record<string, { action: string; files: string[] }> = {
  ScanCommand: {
    action: 'dynamodb:Scan',
    files: [
      'shared/kernel/store/tenant-scan.ts',
      'shared/modules/tenants/hospital-index-backfill.ts',
    ],
  },
};
// Not DynamoDB: Secrets Manager, EventBridge, STS (tenant sessions: sts:AssumeRole and
// sts:TagSession on the function's own tenant role, lib/functions.ts), and SES/SNS (the
// notification-delivery and notification-triggers functions' grants, lib/events-stack.ts
// notificationGrants), and the
// signing-key rotation's writes of its two secrets (lib/signing-keys.ts grantRotate).
const NOT_DYNAMODB = new Set([
  'GetSecretValueCommand',
  'PutSecretValueCommand',
  'PutEventsCommand',
  'AssumeRoleCommand',
  'SendEmailCommand',
  'PublishCommand',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

describe('table grants cover exactly what the functions call', () => {
  const used = new Map<string, string[]>();
  for (const file of [
    ...sources(join(PROJECT_ROOT, 'shared')),
    ...sources(join(PROJECT_ROOT, 'functions')),
  ]) {
    for (const [, command] of readFileSync(file, 'utf8').matchAll(/new (\w+Command)\(/g)) {
      if (!NOT_DYNAMODB.has(command!))
        used.set(command!, [...(used.get(command!) ?? []), relative(PROJECT_ROOT, file)]);
    }
  }

  it('finds the commands it knows (the scan works)', () => {
    expect([...used.keys()]).toEqual(
      expect.arrayContaining(['GetCommand', 'QueryCommand', 'UpdateCommand']),
    );
  });

  it.each([...used.keys()].map((c) => [c] as const))(
    '%s is mapped to IAM actions and readwrite grants them',
    (command) => {
      const own = OWN_GRANT[command];
      if (own) {
        expect(used.get(command), `${command} only where its own grant is declared`).toEqual(
          own.files,
        );
        for (const level of Object.values(TABLE_GRANTS))
          expect(level.table).not.toContain(own.action);
        return;
      }
      const actions = ACTIONS_OF_COMMAND[command];
      expect(
        actions,
        `${command} (in ${used.get(command)!.join(', ')}) has no IAM mapping here; add it and its grant on purpose`,
      ).toBeDefined();
      for (const action of actions!) expect(TABLE_GRANTS.readwrite.table).toContain(action);
    },
  );

  it('readwrite grants nothing no command needs', () => {
    const needed = new Set([...used.keys()].flatMap((c) => ACTIONS_OF_COMMAND[c] ?? []));
    expect(TABLE_GRANTS.readwrite.table.filter((a) => !needed.has(a))).toEqual([]);
  });
});
