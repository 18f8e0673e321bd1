import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCS } from '../../../shared/docs/generated';

describe('generated docs', () => {
  it.each(Object.entries(GENERATED_DOCS))(
    '%s is up to date (run `npm run docs`)',
    (file, render) => {
      expect(readFileSync(file, 'utf8')).toBe(render());
    },
  );
});
