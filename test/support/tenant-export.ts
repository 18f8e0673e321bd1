/** Following a hospital data export (POST /tenants/current/exports) until it has ended. */
import { expect } from 'vitest';
import type { Client } from './api';

/** Reads the export until it is done or failed (the export function Scans the shared test table). */
export async function exportEnded(api: Client, id: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const read = await api.get(`/tenants/current/exports/${id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    if (read.body.status === 'done' || read.body.status === 'failed') return read.body;
    if (Date.now() > until) throw new Error(`export ${id} still ${read.body.status}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

/** Every page of a finished export, read back one by one. */
export async function exportPages(api: Client, job: { id: string; progress: { pages: number } }) {
  const pages = [];
  for (let n = 1; n <= job.progress.pages; n++) {
    const res = await api.get(`/tenants/current/exports/${job.id}/pages/${n}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
  }
  return pages;
}
