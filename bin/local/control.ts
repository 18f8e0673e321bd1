/**
 * Development controls of `npm start`, for checks written outside the project that need time to
 * pass: the expiry of agent actions (5 minutes at the shortest), expired stock, the aging buckets
 * of receivables, reminders. Two things only:
 *
 * - `GET /_local/clock` answers the runtime's time; `POST /_local/clock {"advanceMinutes": n}`
 *   moves it forward by n minutes (1 to 527040, a leap year), never back. It is the same offset
 *   the tests move with `shiftClock` (shared/kernel/clock.ts), so every rule reads the moved time.
 * - `POST /_local/jobs/agent-actions` runs the agent actions job now, as its five-minute schedule
 *   would (`runtime.events.runSchedule()`, the EventBridge schedule's target on AWS), waits for the
 *   executions it causes, and answers its report.
 *
 * They exist only in a runtime started with `localControl: true`, which only `npm start`
 * (bin/local.ts) does: a runtime embedded elsewhere (the tests') and the deployed stack answer
 * these paths as any unknown route (404, API Gateway's "Missing Authentication Token"); they are
 * no route of the manifest, so no function or API resource is ever made for them
 * (test/cdk/local-controls.test.ts). They take no credential, since the clock is the whole runtime's, not
 * a hospital's: they answer only callers on this machine (from a loopback address, to a
 * loopback Host; 403 otherwise, also with HOST=0.0.0.0) and only JSON requests (415 otherwise),
 * so a web page elsewhere can move the clock neither with a form post nor by DNS rebinding.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, STATUS_OF } from '../../shared/edge/http';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { AppError } from '../../shared/kernel/errors';
import { parseOrThrow } from '../../shared/kernel/validation';
import * as z from '../../shared/kernel/zod';
import type { LocalEvents } from './event-bus';

export const LOCAL_CONTROL_PREFIX = '/_local/';
/** A leap year of minutes: more than any expiry, aging bucket or reminder the service has. */
export const MAX_ADVANCE_MINUTES = 366 * 24 * 60;
const MAX_BODY_BYTES = 4096;

const AdvanceClock = z.strictObject({
  advanceMinutes: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_ADVANCE_MINUTES)),
});

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1), which a dual-stack server sees. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The Host a caller on this machine sends: localhost, a 127.x address or [::1], with any port. A
 * page of another site that had its name resolve to 127.0.0.1 (DNS rebinding) sends its own name.
 */
export function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

function answer(res: ServerResponse, statusCode: number, body: unknown): void {
  res.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, statusCode: number, message: string): void {
  answer(res, statusCode, errorBody(statusCode, message));
}

/** The JSON body (`{}` when empty), or not ok when it is too large or not JSON. */
function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false }> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return done({ ok: false });
      const text = Buffer.concat(chunks).toString('utf8').trim();
      try {
        done({ ok: true, value: text ? JSON.parse(text) : {} });
      } catch {
        done({ ok: false });
      }
    });
    req.on('error', fail);
  });
}

function clockState() {
  const now = systemClock.now();
  return { now: now.toISOString(), offsetMinutes: (now.getTime() - Date.now()) / 60_000 };
}

export type LocalControl = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<boolean>;

/**
 * The controls as a request hook for the local server: answers a request under /_local/ and
 * returns true, or returns false for any other path.
 */
export function localControl(events: LocalEvents): LocalControl {
  return async (req, res, path) => {
    if (!path.startsWith(LOCAL_CONTROL_PREFIX)) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const route = `${method} ${path}`;
    const known = ['GET /_local/clock', 'POST /_local/clock', 'POST /_local/jobs/agent-actions'];
    if (!known.includes(route)) {
      const paths = new Set(known.map((k) => k.split(' ')[1]));
      if (paths.has(path)) refuse(res, 405, `${method} is not allowed on ${path}`);
      else refuse(res, 404, `No local control ${path}; see docs/local-clock.md for the controls`);
      return true;
    }
    if (!isLoopback(req.socket.remoteAddress) || !isLocalHost(req.headers.host)) {
      refuse(res, 403, 'The local controls answer only callers on this machine');
      return true;
    }
    if (method === 'POST' && !/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      refuse(res, 415, 'Send Content-Type: application/json');
      return true;
    }
    try {
      if (route === 'GET /_local/clock') {
        answer(res, 200, clockState());
        return true;
      }
      const body = await readJson(req);
      if (!body.ok) {
        refuse(res, 400, 'The body must be a JSON object of at most 4 KB');
        return true;
      }
      if (route === 'POST /_local/clock') {
        const { advanceMinutes } = parseOrThrow(AdvanceClock, body.value);
        shiftClock(advanceMinutes * 60_000);
        answer(res, 200, clockState());
        return true;
      }
      parseOrThrow(z.strictObject({}), body.value);
      const report = await events.runSchedule();
      // What the job published (a retried dispatch) is executed before the answer.
      await events.bus.idle();
      answer(res, 200, { report, ...clockState() });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid') {
        refuse(res, STATUS_OF.invalid, `Invalid body: ${err.message}`);
        return true;
      }
      throw err;
    }
  };
}
