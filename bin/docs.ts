/**
 * `npm run docs`: rewrites the generated files from the declarations: the catalogues code reads as
 * data (`*.generated.ts`) and the docs. Some docs render schemas built from a generated catalogue
 * (the API-key scopes): when a catalogue changed, this process loaded its old content, so it runs
 * once more in a fresh process to render those from the new one.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_DOCS } from '../shared/docs/generated';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

let catalogueChanged = false;
for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  const text = render();
  if (read(file) === text) continue;
  writeFileSync(file, text);
  if (file.endsWith('.generated.ts')) catalogueChanged = true;
  console.log(`wrote ${file}`);
}
if (catalogueChanged && !process.env.HMS_DOCS_SECOND_PASS) {
  const again = spawnSync(process.execPath, process.execArgv.concat(process.argv.slice(1)), {
    stdio: 'inherit',
    env: { ...process.env, HMS_DOCS_SECOND_PASS: '1' },
  });
  process.exit(again.status ?? 1);
}
