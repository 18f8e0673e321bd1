import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../shared/edge/http';
import { errorResponse } from '../../../shared/http/errors';
import { html, json } from '../../../shared/http/respond';
import {
  AppError,
  Conflict,
  ERROR_CODES,
  Forbidden,
  Invalid,
  NotFound,
  RateLimited,
  Unauthenticated,
  Unavailable,
} from '../../../shared/kernel/errors';

const REQUEST_ID = 'req-0123-abcd';

describe('errorResponse', () => {
  it('maps an AppError to its status and answers {statusCode, message, error}', () => {
    const res = errorResponse(new Forbidden('Role NURSE may not use this endpoint'), REQUEST_ID);
    expect(res.statusCode).toBe(403);
    expect(res.headers?.['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 403,
      message: 'Role NURSE may not use this endpoint',
      error: 'Forbidden',
    });
  });

  it('merges details into the body without letting them override the standard fields', () => {
    const res = errorResponse(
      new Conflict('Patient already exists', {
        existingMrn: 'MRN-1',
        statusCode: 200,
        message: 'spoof',
      }),
      REQUEST_ID,
    );
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toEqual({
      existingMrn: 'MRN-1',
      statusCode: 409,
      message: 'Patient already exists',
      error: 'Conflict',
    });
  });

  it('carries validation issues of an invalid error', () => {
    const issues = [{ field: 'address.city', message: 'must not be empty' }];
    const res = errorResponse(
      new Invalid('Invalid body: address.city: must not be empty', { issues }),
      REQUEST_ID,
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, error: 'Bad Request', issues });
  });

  it('maps every error code to its HTTP status, one table for the transport', () => {
    const expected: Record<string, [AppError, number, string]> = {
      invalid: [new Invalid('x'), 400, 'Bad Request'],
      unauthenticated: [new Unauthenticated(), 401, 'Unauthorized'],
      forbidden: [new Forbidden(), 403, 'Forbidden'],
      not_found: [new NotFound(), 404, 'Not Found'],
      conflict: [new Conflict('x'), 409, 'Conflict'],
      rate_limited: [new RateLimited('x', { retryAfterSeconds: 7 }), 429, 'Too Many Requests'],
      unavailable: [new Unavailable('x', { retryAfterSeconds: 3 }), 503, 'Service Unavailable'],
      internal: [new AppError('internal', 'secret detail'), 500, 'Internal Server Error'],
    };
    expect(Object.keys(expected).sort()).toEqual([...ERROR_CODES].sort());
    for (const [code, [err, status, name]] of Object.entries(expected)) {
      const res = errorResponse(err, REQUEST_ID);
      expect(res.statusCode, code).toBe(status);
      expect(JSON.parse(res.body).error, code).toBe(name);
    }
    expect(errorResponse(expected.rate_limited![0], REQUEST_ID).headers?.['retry-after']).toBe('7');
    expect(errorResponse(expected.unavailable![0], REQUEST_ID).headers?.['retry-after']).toBe('3');
    expect(errorResponse(expected.internal![0], REQUEST_ID).body).not.toContain('secret detail');
  });

  it('turns any other error into a 500 without internals, quoting the request id', () => {
    const internal = new Error(
      'ConditionalCheckFailed on table hospital-prod pk=TENANT#t-1 at /var/task/index.js:42',
    );
    const res = errorResponse(internal, REQUEST_ID);
    expect(res.statusCode).toBe(500);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
    expect(body.message).toContain(REQUEST_ID);
    expect(res.body).not.toContain('ConditionalCheckFailed');
    expect(res.body).not.toContain('hospital-prod');
    expect(res.body).not.toContain('index.js');
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
  });

  it('treats thrown non-Error values as 500 too', () => {
    for (const thrown of [
      'a string with secrets',
      null,
      undefined,
      { statusCode: 404, message: 'fake' },
    ]) {
      const res = errorResponse(thrown, REQUEST_ID);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secrets');
      expect(res.body).not.toContain('fake');
    }
  });

  it('answers with no-store and nosniff headers', () => {
    const res = errorResponse(new NotFound(), REQUEST_ID);
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('json / html / errorBody', () => {
  it('json serialises the body, and 204 has an empty body', () => {
    expect(json(200, { a: 1 }).body).toBe('{"a":1}');
    expect(json(204, { a: 1 }).body).toBe('');
    expect(json(201, {}, { location: '/x' }).headers).toMatchObject({ location: '/x' });
  });

  it('html carries a strict CSP and refuses framing', () => {
    const res = html(200, '<p>hi</p>');
    expect(res.headers?.['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers?.['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers?.['x-frame-options']).toBe('DENY');
  });

  it('errorBody names the status', () => {
    expect(errorBody(404, 'gone')).toEqual({
      statusCode: 404,
      message: 'gone',
      error: 'Not Found',
    });
    expect(errorBody(429, 'slow down', { retryAfter: 'x' })).toEqual({
      retryAfter: 'x',
      statusCode: 429,
      message: 'slow down',
      error: 'Too Many Requests',
    });
  });
});

describe('AWS throttling', () => {
  it('answers 429 with Retry-After instead of 500', () => {
    const err = Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
      name: 'ProvisionedThroughputExceededException',
    });
    const res = errorResponse(err, 'req-1');
    expect(res.statusCode).toBe(429);
    expect(res.headers?.['retry-after']).toBe('2');
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/retry/),
    });
  });
});
