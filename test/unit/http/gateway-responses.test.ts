import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { GATEWAY_RESPONSES, gatewayResponse } from '../../../shared/http/gateway-responses';

describe('gateway responses', () => {
  it('each type is declared once', () => {
    const types = GATEWAY_RESPONSES.map((r) => r.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it.each(GATEWAY_RESPONSES.map((r) => [r.type, r] as const))(
    '%s: {statusCode, message, error} with the status and its reason phrase',
    (type, r) => {
      const { statusCode, body } = gatewayResponse(type);
      expect(statusCode).toBe(r.statusCode);
      expect(body).toEqual({
        statusCode: r.statusCode,
        message: r.message,
        error: STATUS_CODES[r.statusCode],
      });
      // The fallbacks keep their family: a 4XX stays a 4XX, a 5XX a 5XX.
      if (type === 'DEFAULT_4XX') expect(statusCode).toBeGreaterThanOrEqual(400);
      if (type === 'DEFAULT_5XX') expect(statusCode).toBeGreaterThanOrEqual(500);
      // Templates are substituted by API Gateway: `$` and `#` would be read as variables.
      expect(JSON.stringify(body)).not.toMatch(/[$#\\]/);
    },
  );
});
