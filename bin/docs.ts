/** `npm run docs`: rewrites the generated docs from the declarations. */
import { writeFileSync } from 'node:fs';
import { GENERATED_DOCS } from '../shared/docs/generated';

for (const [file, render] of Object.entries(GENERATED_DOCS)) {
  writeFileSync(file, render());
  console.log(`wrote ${file}`);
}
