/**
 * tools/list as a client receives it (issue 21 item 7): its size for a key that sees every tool,
 * and MCP Inspector's schema-portability check in strict mode finding nothing to report.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../shared/agents';
import { opdHospital, opdRuntime } from '../support/opd';

const run = promisify(execFile);
const rt = opdRuntime('Asia/Kolkata');

describe('tools/list', () => {
  it('passes MCP Inspector --strict schema portability for every tool', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key([...new Set(CAPABILITIES.map((c) => c.scope))], 'all tools');
    const inspector = resolve(
      import.meta.dirname,
      '../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
    );
    const out = await run(
      process.execPath,
      [
        inspector,
        '--cli',
        `${rt.url}/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/list',
        '--strict',
        '--header',
        `Authorization: Bearer ${key.secret}`,
      ],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    ).catch((e) => e);
    expect(out.code ?? 0).toBe(0);
    // Strict mode prints every finding (a `type` array, a remote $ref, an untyped schema): none.
    expect(String(out.stderr)).not.toMatch(/Warning|Error|Schema portability/);
    expect(JSON.parse(out.stdout).tools).toHaveLength(CAPABILITIES.filter((c) => c.tool).length);
  }, 120_000);
});
