/**
 * The one zod every runtime file imports: `zod/mini`, zod's tree-shakeable functional API, so a
 * bundle carries only the schema kinds and checks it uses (classic `zod` put about 91 KB into
 * every function). Messages are zod's English ones, as with classic zod: without a locale mini's
 * defaults read only "Invalid input", and `issuesOf` (validation.ts) relies on the English wording
 * ("expected string, received undefined", "Unrecognized key: …").
 *
 * Import it as a namespace, `import * as z from '…/kernel/zod'`, never `zod` or `zod/mini`
 * directly, so the locale is always configured before a schema reports an issue. Two spellings
 * defeat tree-shaking and put all of zod into a bundle (about 430 KB, over the bundle budget):
 * the named `z` that `zod/mini` also exports (`import { z }`), and `z.locales.en()`, which keeps
 * every locale; hence `en` is imported by name.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

z.config(en());

export * from 'zod/mini';
