/**
 * The theatre's data-dependent access decisions (docs/routes.md lists them with their operations).
 * In a file of their own so the operations declare them without loading the case handlers
 * (cases.ts checks them), which load on demand.
 */
import { defineDecision } from '../../kernel/decisions';

export const scheduleOwnCaseDecision = defineDecision({
  what: 'book, move or cancel a surgical case',
  checkedBy: 'implementation',
  when: 'a doctor who is not the case’s surgeon (the theatre coordinator and ADMIN book any case)',
  why: 'surgeons own their cases; the coordinator builds the lists',
  refusal: 'A doctor books, moves or cancels only their own cases; ask the theatre coordinator',
});

export const checklistConfirmerDecision = defineDecision({
  what: 'confirm an item of the WHO Surgical Safety Checklist',
  clinical: true,
  checkedBy: 'implementation',
  when: 'always: the item names its confirmer (the case’s scrub nurse, anaesthetist or surgeon)',
  why: 'WHO Surgical Safety Checklist (2009): each item is confirmed aloud by the team member it is addressed to',
  refusal: 'Only the team member the checklist names for this item may confirm it, in person',
});

export const caseTeamDecision = defineDecision({
  what: 'record a case’s timeline, operative record or recovery handover',
  checkedBy: 'implementation',
  when: 'always: the caller must be on the case’s team (surgeon, assistant, anaesthetist, scrub nurse)',
  refusal: 'Only a member of the case’s team records its timeline and operative record',
});
