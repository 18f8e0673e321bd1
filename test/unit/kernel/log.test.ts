import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../shared/kernel/log';

type Line = Record<string, unknown>;

let out: string[] = [];
let err: string[] = [];
const original = {
  stdout: process.stdout.write,
  stderr: process.stderr.write,
  level: process.env.LOG_LEVEL,
};

beforeEach(() => {
  out = [];
  err = [];
  process.stdout.write = ((chunk: string | Uint8Array) => (
    out.push(String(chunk)), true
  )) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (
    err.push(String(chunk)), true
  )) as typeof process.stderr.write;
  process.env.LOG_LEVEL = 'info';
});

afterEach(() => {
  process.stdout.write = original.stdout;
  process.stderr.write = original.stderr;
  if (original.level === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = original.level;
});

const lines = (chunks: string[]): Line[] =>
  chunks
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe('createLogger', () => {
  it('writes one JSON line per info event to stdout with level, time and msg', () => {
    createLogger().info('hello', { requestId: 'r-1' });
    expect(out.join('')).toMatch(/^\{.*\}\n$/);
    const [line] = lines(out);
    expect(line).toMatchObject({ level: 'info', msg: 'hello', requestId: 'r-1' });
    expect(new Date(String(line!.time)).toString()).not.toBe('Invalid Date');
    expect(err).toEqual([]);
  });

  it('masks fields that name secrets or personal details', () => {
    const sensitive = {
      password: 'hunter2-pass',
      adminPassword: 'p4ss-admin',
      secret: 'svc_sk_leak',
      authorization: 'Bearer eyJleak',
      phone: '+91-98765-43210',
      email: 'asha@example.com',
      name: 'Asha Patel',
      adminEmail: 'admin@example.com',
      token: 'tok-leak',
    };
    createLogger().info('login', {
      ...sensitive,
      requestId: 'r-2',
      tenantId: 't-1',
      statusCode: 200,
    });
    const [line] = lines(out);
    for (const key of Object.keys(sensitive)) expect(line![key], key).toBe('[redacted]');
    expect(line).toMatchObject({ requestId: 'r-2', tenantId: 't-1', statusCode: 200 });
    const raw = out.join('');
    for (const value of Object.values(sensitive)) expect(raw).not.toContain(value);
  });

  it('masks sensitive fields given to child loggers too', () => {
    createLogger({ service: 'hospital' })
      .child({ email: 'x@example.com', tenantId: 't-9' })
      .info('child');
    const [line] = lines(out);
    expect(line).toMatchObject({ service: 'hospital', email: '[redacted]', tenantId: 't-9' });
  });

  it('omits undefined fields', () => {
    createLogger().info('x', { tenantId: undefined, requestId: 'r' });
    expect(Object.hasOwn(lines(out)[0]!, 'tenantId')).toBe(false);
  });

  it('sends warn and error to stderr', () => {
    const log = createLogger();
    log.warn('careful', { requestId: 'r-3' });
    log.error('broken', { requestId: 'r-4', password: 'nope' });
    expect(out).toEqual([]);
    expect(lines(err).map((l) => [l.level, l.msg, l.password])).toEqual([
      ['warn', 'careful', undefined],
      ['error', 'broken', '[redacted]'],
    ]);
  });

  it('honours LOG_LEVEL=warn by suppressing debug and info', () => {
    process.env.LOG_LEVEL = 'warn';
    const log = createLogger();
    log.debug('d');
    log.info('i');
    log.warn('w');
    expect(out).toEqual([]);
    expect(lines(err).map((l) => l.msg)).toEqual(['w']);
  });

  it('suppresses debug at the default info level and shows it at LOG_LEVEL=debug', () => {
    createLogger().debug('hidden');
    expect(out).toEqual([]);
    process.env.LOG_LEVEL = 'DEBUG';
    createLogger().debug('shown');
    expect(lines(out).map((l) => l.msg)).toEqual(['shown']);
  });
});

describe('nested masking', () => {
  it('masks sensitive keys inside nested objects', async () => {
    const { createLogger } = await import('../../../shared/kernel/log');
    const lines: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (
      lines.push(String(chunk)), true
    )) as typeof process.stdout.write;
    try {
      createLogger().info('nested', { body: { password: 'hunter2-hunter2', tenantId: 't1' } });
    } finally {
      process.stdout.write = original;
    }
    const line = lines.join('');
    expect(line).not.toContain('hunter2');
    expect(line).toContain('[redacted]');
  });
});
