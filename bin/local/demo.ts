/** `npm start -- --demo`: its options from the command line and the sign-in it prints (docs/demo.md). */

import { DEFAULT_SEED, DEMO_SIZES, type DemoSize } from '../../shared/demo/generate';
import type { DemoHospital } from '../../shared/demo/hospital';
import { LocalSetupError } from './dynamo-local';

export interface DemoArgs {
  seed: string;
  size: DemoSize;
  timezone: string;
}

function flag(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The demo's options when `--demo` is given, else undefined (plain `npm start`). */
export function demoOptionsFromArgs(argv: readonly string[]): DemoArgs | undefined {
  if (!argv.includes('--demo')) return undefined;
  const size = flag(argv, '--size') ?? 'default';
  if (!Object.hasOwn(DEMO_SIZES, size))
    throw new LocalSetupError(
      `--size must be one of ${Object.keys(DEMO_SIZES).join(', ')} (got "${size}")`,
    );
  return {
    seed: flag(argv, '--seed') ?? DEFAULT_SEED,
    size: size as DemoSize,
    // The country of the names and phone numbers follows the time zone (IN, GB, US sets).
    timezone: flag(argv, '--timezone') ?? process.env.HMS_DEMO_TIMEZONE ?? 'Asia/Kolkata',
  };
}

const ROLES_SHOWN = [
  'DOCTOR',
  'NURSE',
  'RECEPTIONIST',
  'PHARMACIST',
  'CASHIER',
  'LAB_TECHNICIAN',
  'BED_MANAGER',
];

export function printDemoSignIn(url: string, h: DemoHospital, print: (line: string) => void): void {
  const total = Object.values(h.counts).reduce((a, b) => a + b, 0);
  print(
    `Demo hospital "${h.tenant.name}" ready in ${(h.durationMs / 1000).toFixed(1)} s (${total} records; seed ${h.seed}, size ${h.size}):`,
  );
  print(
    `  ${Object.entries(h.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  print(`  Tenant id:  ${h.tenant.id}`);
  print(`  Sign in at ${url}/login as the administrator:`);
  print(`    email ${h.admin.email}  password ${h.admin.password}`);
  print(`  Other staff (same password):`);
  for (const role of ROLES_SHOWN) {
    const user = h.staff.find((s) => s.role === role);
    if (user) print(`    ${role.padEnd(15)} ${user.email}`);
  }
  print(
    `  Open: ${url}/front-desk (today's queue), ${url}/bed-board, ${url}/billing-desk, ${url}/diagnostics, ${url}/admin`,
  );
}
