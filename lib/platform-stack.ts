import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Backup } from './backup';
import { Data } from './data';
import { Logging } from './logging';
import { Secrets } from './secrets';
import type { Settings } from './settings';

export interface PlatformStackProps extends NestedStackProps {
  settings: Pick<
    Settings,
    | 'logRetentionDays'
    | 'accessLogRetentionYears'
    | 'contributorInsights'
    | 'breakGlassRoleArn'
    | 'backupCopyVaultArn'
  >;
}

/**
 * What every other stack uses and nothing replaces lightly: the table and its key, the JWT
 * signing key, and the logs key that encrypts every log group (the groups themselves live next
 * to what writes them). It depends on no other stack.
 */
export class PlatformStack extends NestedStack {
  readonly logging: Logging;
  readonly data: Data;
  readonly secrets: Secrets;
  readonly backup: Backup;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, {
      ...props,
      description:
        'Hospital Management Service platform: DynamoDB table, its backups, JWT signing key, logs key',
    });
    const { settings } = props;
    this.logging = new Logging(this, 'Logging', {
      retentionDays: settings.logRetentionDays,
      accessLogRetentionYears: settings.accessLogRetentionYears,
    });
    this.data = new Data(this, 'Data', {
      contributorInsights: settings.contributorInsights,
      ...(settings.breakGlassRoleArn ? { breakGlassRoleArn: settings.breakGlassRoleArn } : {}),
    });
    this.backup = new Backup(this, 'Backup', {
      table: this.data.table,
      ...(settings.backupCopyVaultArn ? { copyVaultArn: settings.backupCopyVaultArn } : {}),
    });
    this.secrets = new Secrets(this, 'Secrets');
  }
}
