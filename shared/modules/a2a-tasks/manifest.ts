import { defineModule } from '../../manifest/module';
import { a2aTaskStateTableMarkdown } from './status';

/** The A2A task store; the A2A function itself is part of the agent platform (shared/api/platform.ts). */
export default defineModule({
  name: 'a2a-tasks',
  title: 'A2A tasks',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/a2a.md',
  stateTables: [
    {
      title:
        'A2A task (`POST /a2a`; A2A 1.0 names, 0.3 and 0.1 spell them `submitted`, `input-required`, …)',
      intro:
        'Enforced by the task store on every save (a condition on the stored state) and by the SDK, which refuses messages to and cancellation of finished tasks (-32002 for cancel). A message runs its skill within the request, so `working` is never stored.',
      render: a2aTaskStateTableMarkdown,
    },
  ],
});
