import { afterEach, describe, expect, it } from 'vitest';
import { FAIR_SHARE_ENV, fairShareFromEnv } from '../../../shared/edge/fair-share';

afterEach(() => {
  for (const name of Object.values(FAIR_SHARE_ENV)) delete process.env[name];
});

describe('fairShareFromEnv', () => {
  it('is off without a hospital rate', () => {
    process.env[FAIR_SHARE_ENV.apiKeyRate] = '5';
    expect(fairShareFromEnv()).toBeNull();
    process.env[FAIR_SHARE_ENV.hospitalRate] = 'not a number';
    expect(fairShareFromEnv()).toBeNull();
  });

  it('reads the four limits', () => {
    process.env[FAIR_SHARE_ENV.hospitalRate] = '20';
    process.env[FAIR_SHARE_ENV.hospitalBurst] = '40';
    process.env[FAIR_SHARE_ENV.apiKeyRate] = '10';
    process.env[FAIR_SHARE_ENV.apiKeyBurst] = '20';
    expect(fairShareFromEnv()).toEqual({
      hospital: { perSecond: 20, burst: 40 },
      apiKey: { perSecond: 10, burst: 20 },
    });
  });

  it('defaults the burst to the rate and an API key to its hospital, never above it', () => {
    process.env[FAIR_SHARE_ENV.hospitalRate] = '20';
    expect(fairShareFromEnv()).toEqual({
      hospital: { perSecond: 20, burst: 20 },
      apiKey: { perSecond: 20, burst: 20 },
    });
    process.env[FAIR_SHARE_ENV.apiKeyRate] = '50';
    process.env[FAIR_SHARE_ENV.apiKeyBurst] = '90';
    expect(fairShareFromEnv()?.apiKey).toEqual({ perSecond: 20, burst: 20 });
  });
});
