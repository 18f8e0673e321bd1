/**
 * The module manifest: what a module declares, in its own folder (`manifest.ts`), for the rest of
 * the system. The one list of modules (shared/modules/index.ts) is the only central edit; the REST
 * groups and their areas, the scope catalogue, the agent catalogue, the HITL proposal routes and
 * tools, the state tables of the docs, the page scripts, the charge service types, the bundle
 * budgets and the role matrices' coverage are derived from the manifests (derive.ts).
 *
 * A manifest is the module's declared binding layer: it may import its own operations and other
 * modules' operations (to bind them), the route and capability builders and page renderers. The
 * module's domain code (schemas, store, service, rules) imports no manifest and no transport
 * (test/unit/architecture/import-rules.test.ts).
 */
import type { DeclaredCapability, Skill } from '../agents/capability';
import type { GroupDef } from '../http/route';
import type { Access } from '../kernel/operation';
import type { Role } from '../kernel/roles';
import type { ActionTypeDef } from '../modules/agent-actions/index';
import type { IconName } from '../web/icons';
import type { AreaName } from './areas';

/** One state table of docs/state-machines.md: a heading, its prose, and the enforced table. */
export interface StateTable {
  title: string;
  /** Markdown: what the table means, who moves the state (may hold hand-written tables). */
  intro: string;
  /** The table the code enforces, rendered from the same data (a module's status.ts). */
  render?: () => string;
}

/**
 * A billable event of the module: it charges, in its own transaction, through billing's
 * `chargeWrite` (docs/billing.md). Its service types are the charge's `serviceType`s; the
 * catalogue of service types billing accepts is derived from every module's charge sources.
 */
export interface ChargeSource {
  /** The charge's source type (`dispense`, `bed-days`), or `staff` for lines staff add. */
  source: string;
  serviceTypes: readonly string[];
  /** When it charges, in words. */
  event: string;
  /** What it charges, in words. */
  charged: string;
}

/** A hold the module places on an admission: it blocks discharge until the module releases it. */
export interface DischargeHold {
  kind: string;
  placedWhen: string;
  releasedWhen: string;
}

/** The nav's groups of areas, in the order the shell shows them (shared/web/shell.ts). */
export const NAV_SECTIONS = [
  'Home',
  'Front desk',
  'Clinical',
  'Inpatients',
  'Diagnostics',
  'Pharmacy',
  'Finance',
  'Reports',
  'Agents',
  'Administration',
] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** An operation as a page names it: who may see the page follows from who may use it. */
export interface PageOperation {
  name: string;
  access: Access;
}

/**
 * Who sees a page or a nav entry: `public` (signed-out pages: no shell nav), `staff` (any
 * signed-in role), or the operations it uses: the roles that may use at least one of them
 * (ADMIN always). Derived from the operations' access, never a hand list of roles.
 */
export type PageAudience = 'public' | 'staff' | readonly PageOperation[];

/** One more entry of the shell's nav that opens a part of a page (e.g. `/admin#/opd`). */
export interface NavLink {
  /** The link's element id (a page's own script may mark it current). */
  id: string;
  /** Appended to the page's path: `#/opd`. */
  hash: string;
  title: string;
  icon: IconName;
  section: NavSection;
  audience: PageAudience;
}

/**
 * A page of the module, declared once: the web function serves its route, the shell's nav shows
 * its entry (to the roles its audience derives), and the build bundles its script.
 * `npm run docs` writes shared/web/pages.generated.ts from these declarations.
 */
export interface PageDef {
  /** Kebab-case: the route's name and the script's asset name. */
  name: string;
  /** The URL path (`/bed-board`); unique across modules. */
  path: string;
  /** The page's `<title>` and its nav label. */
  title: string;
  /** One sentence for docs/routes.md. */
  summary: string;
  icon: IconName;
  /** Where the nav lists it; `none` keeps it out of the nav (sign-in, get started). */
  section: NavSection | 'none';
  audience: PageAudience;
  /** `app`: inside the shell (header, nav, sign-in state); `public`: the signed-out header. */
  layout: 'app' | 'public';
  /**
   * The repo-relative TypeScript file whose `render(opts)` export returns the page's markup
   * (inside the shell: its `<main id="main">`). Kept out of the manifest so the web function
   * does not load the modules.
   */
  body: string;
  /** The repo-relative TypeScript entry of its browser script, if it has one (shared/web/assets.ts). */
  script?: string;
  /** More nav entries into parts of the page (hash routes). */
  nav?: readonly NavLink[];
}

/** A page as the shell knows it (generated): the roles are derived from the audience. */
export interface ShellPageInfo {
  name: string;
  module: string;
  path: string;
  title: string;
  summary: string;
  icon: IconName;
  section: NavSection | 'none';
  layout: 'app' | 'public';
  /** `public`, or the roles that see it (ADMIN first). */
  roles: 'public' | readonly Role[];
  /** Its script's asset name, when it has one. */
  script?: string;
  nav: readonly {
    id: string;
    hash: string;
    title: string;
    icon: IconName;
    section: NavSection;
    roles: readonly Role[];
  }[];
}

export interface ModuleManifest {
  /** The module's name: its folder under shared/modules/ and its operations' prefix. */
  name: string;
  /**
   * `module`: a domain module under shared/modules/<name>/. `platform`: a part of the service
   * that is not a domain module (the pages' function, the agent platform's discovery, A2A and
   * OpenAPI functions), declared the same way in its transport's folder.
   */
  kind: 'module' | 'platform';
  /** For people: docs and the dashboard. */
  title: string;
  /** The deployment area (nested stack) of its groups (shared/manifest/areas.ts). */
  area: AreaName;
  /** The manifest file, `import.meta.url`: where its module is loaded from on demand. */
  source: string;
  /** The page under docs/ that describes it, if it has one. */
  doc?: string;
  /** The scopes it introduces, each with what it grants (API keys; the dashboard; the docs). */
  scopes: Readonly<Record<string, string>>;
  /** Its REST groups: one Lambda function each (routes, memory, timeout, permissions, budget). */
  groups: readonly GroupDef[];
  /** Its agent capabilities (MCP tools, A2A skill members), in the order tools/list shows them. */
  capabilities: readonly DeclaredCapability[];
  /** The A2A skills it opens (other modules' capabilities may join them). */
  skills: readonly Skill[];
  /** Its HITL action types: each derives its proposal operation, route, tool and executor. */
  actionTypes: readonly ActionTypeDef[];
  /** Its state tables, for docs/state-machines.md. */
  stateTables: readonly StateTable[];
  /** Its billable events. */
  chargeSources: readonly ChargeSource[];
  /** Holds it places on a discharge. */
  dischargeHolds: readonly DischargeHold[];
  /** Its pages in the app shell: route, nav entry and script from one declaration each. */
  pages: readonly PageDef[];
  /**
   * Scripts that belong to no one page (the shell's own): asset name → TypeScript entry under
   * shared/web/client/, bundled by esbuild into one classic script each (shared/web/assets.ts).
   * A page's script is declared on the page (`pages[].script`).
   */
  pageScripts: Readonly<Record<string, string>>;
}

type Optional =
  | 'kind'
  | 'scopes'
  | 'groups'
  | 'capabilities'
  | 'skills'
  | 'actionTypes'
  | 'stateTables'
  | 'chargeSources'
  | 'dischargeHolds'
  | 'pages'
  | 'pageScripts';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a module: what it leaves out is empty. */
export function defineModule(
  def: Omit<ModuleManifest, Optional> & Partial<Pick<ModuleManifest, Optional>>,
): ModuleManifest {
  if (!NAME.test(def.name)) throw new Error(`Module name ${def.name} must be kebab-case`);
  return {
    kind: 'module',
    scopes: {},
    groups: [],
    capabilities: [],
    skills: [],
    actionTypes: [],
    stateTables: [],
    chargeSources: [],
    dischargeHolds: [],
    pages: [],
    pageScripts: {},
    ...def,
  };
}
