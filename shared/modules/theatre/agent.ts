/**
 * The ot-protocol skill's answers that are more than one operation: which checklist to read
 * (a case's, or the case in a theatre now or next), and the refusal to tick an item, which names
 * the team member who must confirm it in person (an agent never confirms a checklist item:
 * theatre.confirmItem is a clinical decision of that person).
 */
import type { OperationCall } from '../../agents/capability';
import { Forbidden } from '../../kernel/errors';
import { invalidField } from '../../kernel/validation';
import * as z from '../../kernel/zod';
import type { ChecklistView } from './schemas';

export const ChecklistArgs = z.strictObject({
  caseId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid case id'))),
  theatre: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/, 'must be a theatre code')),
  ),
});

export const TickArgs = z.strictObject({
  caseId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid case id')),
  item: z.string().check(z.regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be a checklist item code')),
});

type Ops = {
  checklist: Parameters<OperationCall>[0];
  theatreChecklist: Parameters<OperationCall>[0];
};

export async function readChecklistFor(
  args: z.output<typeof ChecklistArgs>,
  call: OperationCall,
  ops: Ops,
): Promise<ChecklistView> {
  if (args.caseId) return (await call(ops.checklist, { id: args.caseId })) as ChecklistView;
  if (args.theatre)
    return (await call(ops.theatreChecklist, { theatre: args.theatre })) as ChecklistView;
  throw invalidField('caseId', 'give a case id, or a theatre for the case in it now or next');
}

/** Reads the item and refuses, naming who must confirm it. */
export async function refuseTick(
  args: z.output<typeof TickArgs>,
  call: OperationCall,
  ops: Ops,
): Promise<never> {
  const view = await readChecklistFor({ caseId: args.caseId }, call, ops);
  const item = view.phases.flatMap((p) => p.items).find((i) => i.code === args.item);
  if (!item) throw invalidField('item', `${args.item} is not on case ${args.caseId}'s checklist`);
  if (item.confirmation)
    throw new Forbidden(
      `An agent cannot tick checklist items; ${item.code} was already confirmed by ${item.confirmation.byName} at ${item.confirmation.at}`,
    );
  throw new Forbidden(
    `An agent cannot tick checklist items: "${item.text}" must be confirmed in person by the case's ${item.confirmer}, ${item.confirmerName}`,
  );
}
