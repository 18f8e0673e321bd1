/**
 * Structured JSON logs, one line per event, always with the request id and tenant id when known.
 * Callers log identifiers and outcomes only: never bodies. As a second line of defence any field
 * whose name suggests a secret or personal detail is masked.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SENSITIVE =
  /pass(word)?|secret|token|authorization|cookie|hash|salt|phone|email|name|address|dob|birth|allerg|diagnos|note/i;
const SAFE_KEYS = new Set([
  'level',
  'msg',
  'time',
  'requestId',
  'tenantId',
  'principalId',
  'principalType',
  'route',
  'routeName',
  'function',
  'statusCode',
  'durationMs',
  'errorName',
  'service',
  'method',
  'path',
]);

function minLevel(): number {
  const configured = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as LogLevel;
  return LEVELS[configured] ?? LEVELS.info;
}

function mask(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (!SAFE_KEYS.has(key) && SENSITIVE.test(key)) out[key] = '[redacted]';
    // Nested objects are masked too, so `{ body: { password } }` cannot slip through.
    else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 4)
      out[key] = mask(value as Record<string, unknown>, depth + 1);
    else out[key] = value;
  }
  return out;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, msg: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS[level] < minLevel()) return;
    const line = JSON.stringify({
      level,
      time: new Date().toISOString(),
      msg,
      ...mask(base),
      ...mask(fields),
    });
    if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

export const rootLogger = createLogger({ service: 'hospital' });
