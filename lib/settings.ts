import type { Node } from 'constructs';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c key=value`). Every default
 * lives here and nowhere else.
 */
export interface Settings {
  /** CloudFormation stack name. Context `stackName`. */
  stackName: string;
  /** API Gateway stage, the first path segment of the execute-api URL. Context `apiStageName`. */
  stageName: string;
  /** Steady-state requests per second for the whole stage. Context `throttleRateLimit`. */
  throttleRateLimit: number;
  /** Short burst allowance on top of the rate (token bucket size). Context `throttleBurstLimit`. */
  throttleBurstLimit: number;
  /**
   * Each hospital's own share of the stage (docs/deployment.md, "Throttling"): requests a second
   * and burst, counted per hospital for every authenticated REST request (shared/edge/fair-share.ts).
   * At most the stage's. Context `hospitalRateLimit` / `hospitalBurstLimit`.
   */
  hospitalRateLimit: number;
  hospitalBurstLimit: number;
  /**
   * Each API key's own share, within its hospital's (at most the hospital's). Context
   * `apiKeyRateLimit` / `apiKeyBurstLimit`.
   */
  apiKeyRateLimit: number;
  apiKeyBurstLimit: number;
  /**
   * Who may register a hospital (`POST /tenants`): `open`, `invite-only` (with the code whose
   * SHA-256 is `registrationInviteSha256`) or `closed`. Context `registration`.
   */
  registration: 'open' | 'invite-only' | 'closed';
  registrationInviteSha256?: string;
  /** With `domain` only: the default execute-api endpoint answers nothing. Context `disableExecuteApiEndpoint`. */
  disableExecuteApiEndpoint: boolean;
  /** Optional monthly cost budget (docs/cost.md): context `monthlyBudgetUsd` + `budgetAlertEmail`. */
  budget?: { amountUsd: number; email: string };
  /**
   * Requests per 5 minutes from one IP before WAF blocks it, on the REST API and on MCP (each its
   * own web ACL, each counting alone). Context `wafRateLimitPer5Min`.
   */
  wafRateLimitPer5Min: number;
  /** Retention of every log group (Lambda, access, WAF). Context `logRetentionDays`. */
  logRetentionDays: number;
  /**
   * Years the patient access log is kept (table items expire after it; the S3 archive is locked
   * for it): the hospital's own retention rule, six by default (HIPAA §164.316(b)(2)). Context
   * `accessLogRetentionYears`.
   */
  accessLogRetentionYears: number;
  /** LOG_LEVEL for the functions. Context `logLevel`. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /**
   * DynamoDB Contributor Insights on the table and its indexes (most accessed and most throttled
   * keys, i.e. hot tenants). Billed per request event on top of the request itself, so off unless
   * context `contributorInsights` is true.
   */
  contributorInsights: boolean;
  /**
   * Concurrent executions reserved for (and the most allowed to) the MCP function, so that its
   * long-lived SSE streams (up to 290 s each) can never take the account's concurrency from the
   * REST functions. Each open stream holds one. 0 reserves nothing (for an account whose
   * concurrency limit is too low to reserve any: AWS keeps 10 unreserved). Context
   * `mcpReservedConcurrency`.
   */
  mcpReservedConcurrency: number;
  /**
   * Concurrent executions of the whole account at which the AccountConcurrency alarm fires (the
   * default account limit is 1,000; set it to about 80% of yours). Context
   * `accountConcurrencyAlarm`.
   */
  accountConcurrencyAlarm: number;
  /**
   * An IAM role (ARN) that may read and write the table's items besides the stack's own roles:
   * the documented break-glass role (docs/production.md). Without it, the table's resource policy
   * lets no other principal touch items. Context `breakGlassRoleArn`.
   */
  breakGlassRoleArn?: string;
  /**
   * A backup vault in another account or region (ARN) that every backup is copied to. Context
   * `backupCopyVaultArn`.
   */
  backupCopyVaultArn?: string;
  /**
   * Optional custom domain (context `domainName` + `certificateArn`, an ACM certificate in the
   * stack's region). Mapped at the root, so the pages' absolute links work without a stage prefix.
   */
  domain?: { name: string; certificateArn: string };
  /**
   * Notifications by e-mail (docs/notifications.md): the SES identity messages are sent from
   * (context `notifyEmailFrom`, a verified address or an address of a verified domain), an
   * optional configuration set (`notifySesConfigurationSet`) and the SMS sender id
   * (`notifySmsSenderId`). Without `notifyEmailFrom` the function may not send e-mail at all and
   * e-mail notifications are recorded as failed.
   */
  notify: { emailFrom?: string; sesConfigurationSet?: string; smsSenderId?: string };
}

export const DEFAULT_SETTINGS: Settings = {
  stackName: 'Hospital',
  stageName: 'prod',
  // 50 hospitals at a morning peak of about 7 requests a second each are 350 a second: the stage
  // is sized for that with headroom, and one hospital may take at most 25 of it (docs/deployment.md).
  throttleRateLimit: 500,
  throttleBurstLimit: 1000,
  registration: 'open',
  disableExecuteApiEndpoint: false,
  hospitalRateLimit: 25,
  hospitalBurstLimit: 50,
  apiKeyRateLimit: 10,
  apiKeyBurstLimit: 20,
  // A whole hospital is often one NAT address: 6,000 (20 a second) would block a busy one before
  // its own share of the stage (hospitalRateLimit 25 a second = 7,500 in 5 minutes) is used up.
  // 30,000 (100 a second) leaves room for four hospitals of a group at their full share behind
  // one address, and still stops one address from taking more than a fifth of the stage.
  wafRateLimitPer5Min: 30_000,
  logRetentionDays: 365,
  accessLogRetentionYears: 6,
  logLevel: 'info',
  contributorInsights: false,
  mcpReservedConcurrency: 20,
  notify: {},
  accountConcurrencyAlarm: 800,
};

function num(node: Node, key: string, fallback: number): number {
  const raw = node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`Context ${key} must be a positive number, got ${String(raw)}`);
  return value;
}

/** A whole number, 0 allowed. */
function count(node: Node, key: string, fallback: number): number {
  const raw = node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`Context ${key} must be a whole number (0 or more), got ${String(raw)}`);
  return value;
}

function str(node: Node, key: string, fallback: string): string;
function str(node: Node, key: string): string | undefined;
function str(node: Node, key: string, fallback?: string): string | undefined {
  const raw = node.tryGetContext(key);
  return raw === undefined || raw === null || raw === '' ? fallback : String(raw);
}

function bool(node: Node, key: string, fallback: boolean): boolean {
  const raw = node.tryGetContext(key);
  if (raw === undefined || raw === null || raw === '') return fallback;
  return raw === true || raw === 'true';
}

/** `{ [key]: arn }` when the context names an ARN containing `kind`, `{}` when it names none. */
function optionalArn(node: Node, key: string, kind: string): Record<string, string> {
  const value = str(node, key);
  if (value === undefined) return {};
  if (!value.startsWith('arn:') || !value.includes(kind))
    throw new Error(`Context ${key} must be an ARN (…${kind}…), got ${value}`);
  return { [key]: value };
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export function readSettings(node: Node): Settings {
  const d = DEFAULT_SETTINGS;
  const logLevel = str(node, 'logLevel', d.logLevel);
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new Error(`Context logLevel must be one of ${LOG_LEVELS.join(', ')}`);
  const domainName = str(node, 'domainName');
  const certificateArn = str(node, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn))
    throw new Error('Context domainName and certificateArn go together');
  return {
    stackName: str(node, 'stackName', d.stackName),
    stageName: str(node, 'apiStageName', d.stageName),
    ...fairShareSettings(node),
    ...registrationSettings(node),
    ...budgetSettings(node),
    disableExecuteApiEndpoint: executeApiSetting(node, Boolean(domainName)),
    wafRateLimitPer5Min: num(node, 'wafRateLimitPer5Min', d.wafRateLimitPer5Min),
    logRetentionDays: num(node, 'logRetentionDays', d.logRetentionDays),
    accessLogRetentionYears: num(node, 'accessLogRetentionYears', d.accessLogRetentionYears),
    logLevel: logLevel as Settings['logLevel'],
    contributorInsights: bool(node, 'contributorInsights', d.contributorInsights),
    mcpReservedConcurrency: count(node, 'mcpReservedConcurrency', d.mcpReservedConcurrency),
    accountConcurrencyAlarm: num(node, 'accountConcurrencyAlarm', d.accountConcurrencyAlarm),
    ...optionalArn(node, 'breakGlassRoleArn', ':role/'),
    ...optionalArn(node, 'backupCopyVaultArn', ':backup-vault:'),
    ...(domainName && certificateArn ? { domain: { name: domainName, certificateArn } } : {}),
    notify: notifySettings(node),
  };
}

function executeApiSetting(node: Node, hasDomain: boolean): boolean {
  const disable = bool(
    node,
    'disableExecuteApiEndpoint',
    DEFAULT_SETTINGS.disableExecuteApiEndpoint,
  );
  if (disable && !hasDomain)
    throw new Error(
      'Context disableExecuteApiEndpoint needs domainName: the API would be unreachable',
    );
  return disable;
}

function budgetSettings(node: Node): Pick<Settings, 'budget'> {
  const amount = str(node, 'monthlyBudgetUsd');
  const email = str(node, 'budgetAlertEmail');
  if (amount === undefined && email === undefined) return {};
  if (amount === undefined || email === undefined || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new Error(
      'Context monthlyBudgetUsd and budgetAlertEmail (an e-mail address) go together',
    );
  return { budget: { amountUsd: num(node, 'monthlyBudgetUsd', 0), email } };
}

const REGISTRATION = ['open', 'invite-only', 'closed'] as const;

function registrationSettings(node: Node) {
  const registration = str(node, 'registration', DEFAULT_SETTINGS.registration);
  if (!(REGISTRATION as readonly string[]).includes(registration))
    throw new Error(`Context registration must be one of ${REGISTRATION.join(', ')}`);
  const hash = str(node, 'registrationInviteSha256');
  if ((registration === 'invite-only') !== Boolean(hash) || (hash && !/^[0-9a-f]{64}$/.test(hash)))
    throw new Error(
      'Context registration=invite-only needs registrationInviteSha256 (64 hex digits), and only it',
    );
  return {
    registration: registration as Settings['registration'],
    ...(hash ? { registrationInviteSha256: hash } : {}),
  };
}

/** The stage throttle and the shares within it: each at most the limit it lives within. */
function fairShareSettings(node: Node) {
  const d = DEFAULT_SETTINGS;
  const limits = {
    throttleRateLimit: num(node, 'throttleRateLimit', d.throttleRateLimit),
    throttleBurstLimit: num(node, 'throttleBurstLimit', d.throttleBurstLimit),
    hospitalRateLimit: num(node, 'hospitalRateLimit', d.hospitalRateLimit),
    hospitalBurstLimit: num(node, 'hospitalBurstLimit', d.hospitalBurstLimit),
    apiKeyRateLimit: num(node, 'apiKeyRateLimit', d.apiKeyRateLimit),
    apiKeyBurstLimit: num(node, 'apiKeyBurstLimit', d.apiKeyBurstLimit),
  };
  const within = [
    ['hospitalRateLimit', 'throttleRateLimit'],
    ['hospitalBurstLimit', 'throttleBurstLimit'],
    ['apiKeyRateLimit', 'hospitalRateLimit'],
    ['apiKeyBurstLimit', 'hospitalBurstLimit'],
  ] as const;
  for (const [share, ceiling] of within)
    if (limits[share] > limits[ceiling])
      throw new Error(
        `Context ${share} (${limits[share]}) must be at most ${ceiling} (${limits[ceiling]})`,
      );
  return limits;
}

function notifySettings(node: Node): Settings['notify'] {
  const emailFrom = str(node, 'notifyEmailFrom');
  if (emailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(emailFrom))
    throw new Error(`Context notifyEmailFrom must be an e-mail address, got ${emailFrom}`);
  const sesConfigurationSet = str(node, 'notifySesConfigurationSet');
  const smsSenderId = str(node, 'notifySmsSenderId');
  if (smsSenderId !== undefined && !/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/.test(smsSenderId))
    throw new Error('Context notifySmsSenderId must be 1 to 11 letters or digits, with a letter');
  return {
    ...(emailFrom ? { emailFrom } : {}),
    ...(sesConfigurationSet ? { sesConfigurationSet } : {}),
    ...(smsSenderId ? { smsSenderId } : {}),
  };
}
