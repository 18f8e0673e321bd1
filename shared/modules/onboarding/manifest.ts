import { defineCapability } from '../../agents/capability';
import { DOSAGE_FORMS } from '../../clinical/dispensing';
import { SERVICE_TYPES } from '../../kernel/catalogue.generated';
import { defineModule } from '../../manifest/module';
import { ACTION_TYPE_NAMES } from '../agent-actions/index';
import * as agentActions from '../agent-actions/operations';
import * as apiKeys from '../api-keys/operations';
import * as beds from '../beds/operations';
import * as billing from '../billing/operations';
import * as departments from '../departments/operations';
import * as doctors from '../doctors/operations';
import * as lab from '../lab/operations';
import * as pharmacy from '../pharmacy/operations';
import * as users from '../users/operations';
import {
  OnboardingInput,
  type OnboardingOperations,
  OnboardingOutput,
  onboardingTurn,
} from './conversation';

/** What the conversation reads and creates: the operations REST uses, with their own access. */
const operations: OnboardingOperations = {
  listDepartments: departments.list,
  createDepartment: departments.create,
  listDoctors: doctors.list,
  createDoctor: doctors.create,
  listWards: beds.listWards,
  createWard: beds.createWard,
  createBeds: beds.createBeds,
  listUsers: users.list,
  createUser: users.create,
  listKeys: apiKeys.list,
  createKey: apiKeys.create,
  listItems: pharmacy.listItemsOp,
  createItem: pharmacy.createItem,
  receiveStock: pharmacy.receive,
  listTariffs: billing.listTariffsOp,
  putTariff: billing.putTariff,
  getBillingSettings: billing.getBillingSettings,
  updateBillingSettings: billing.updateSettings,
  labCatalogue: lab.catalogue,
  installLabCatalogue: lab.installStarter,
  actionSettings: agentActions.settings,
};

const onboardingChat = defineCapability({
  name: 'onboarding-chat',
  tool: true,
  skill: 'onboarding-chat',
  title: 'Onboarding conversation',
  description:
    'Sets up a new hospital in a conversation: looks at what is configured (departments, doctors with schedules, wards with beds, the formulary and stock, tariffs and tax, the lab catalogue, staff users, agent keys, auto-approval), asks for the next missing piece in plain words and creates what the answer describes, with your own access (a step you may not do names who may). Send no arguments to start; then send `answer` with the `state` of the previous answer. Answers it understands: docs/onboarding.md. `ready` says whether the hospital can take its first patient.',
  scope: 'agents:operations:read',
  perOperationAccess: true,
  operations: Object.values(operations),
  input: OnboardingInput,
  output: OnboardingOutput,
  tags: ['onboarding', 'setup', 'administration'],
  keywords: ['onboarding', 'onboard', 'set up', 'setup', 'get started', 'configure the hospital'],
  examples: ['Set up my hospital', 'Start onboarding'],
  run: onboardingTurn(operations, {
    dosageForms: DOSAGE_FORMS,
    serviceTypes: SERVICE_TYPES,
    actionTypes: ACTION_TYPE_NAMES,
  }),
});

export default defineModule({
  name: 'onboarding',
  title: 'Onboarding conversation',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/onboarding.md',
  capabilities: [onboardingChat],
  skills: [
    {
      name: 'onboarding-chat',
      title: 'Onboarding conversation',
      description:
        'A guided set-up of a new hospital: asks for the next missing piece, creates it, until the hospital is ready for its first patient (multi-turn: the task waits for each answer).',
      tags: ['onboarding', 'setup'],
      examples: ['Set up my hospital'],
      keywords: ['onboarding', 'set up', 'setup', 'get started'],
    },
  ],
});
