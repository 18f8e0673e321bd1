import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { deploymentName } from './naming';

/** How long each kind of recovery point is kept (docs/production.md, "Backup and restore"). */
export const BACKUP_RETENTION = {
  /** Daily backups: as long as point-in-time recovery reaches back, and a few days more. */
  dailyDays: 42,
  /** Monthly backups. */
  monthlyDays: 400,
  /** The vault lock refuses deleting a recovery point younger than this, whoever asks. */
  lockMinDays: 7,
} as const;

export interface BackupProps {
  table: dynamodb.ITable;
  /** A vault in another account or region that every recovery point is copied to. */
  copyVaultArn?: string;
}

/**
 * AWS Backup for the table, on top of point-in-time recovery (35 days, lib/data.ts): a daily and
 * a monthly plan into a vault of its own, encrypted with its own key and locked (governance
 * mode: recovery points cannot be deleted before `lockMinDays`, nor the vault's retention
 * shortened; docs/production.md says how to move it to compliance mode), and a copy of each
 * recovery point to another account's or region's vault when one is given. The vault and its
 * key are retained with the stack's data.
 */
export class Backup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;

  constructor(scope: Construct, id: string, props: BackupProps) {
    super(scope, id);
    const name = deploymentName(this);
    const key = new kms.Key(this, 'VaultKey', {
      description: `${name} backup vault encryption`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: `${name}-table`,
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
      lockConfiguration: { minRetention: Duration.days(BACKUP_RETENTION.lockMinDays) },
    });
    const copy = props.copyVaultArn
      ? [
          {
            destinationBackupVault: backup.BackupVault.fromBackupVaultArn(
              this,
              'CopyVault',
              props.copyVaultArn,
            ),
          },
        ]
      : [];
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `${name}-table`,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.cron({ hour: '3', minute: '0' }),
          deleteAfter: Duration.days(BACKUP_RETENTION.dailyDays),
          copyActions: copy.map((c) => ({
            destinationBackupVault: c.destinationBackupVault,
            deleteAfter: Duration.days(BACKUP_RETENTION.dailyDays),
          })),
        }),
        new backup.BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: events.Schedule.cron({ day: '1', hour: '4', minute: '0' }),
          deleteAfter: Duration.days(BACKUP_RETENTION.monthlyDays),
          copyActions: copy.map((c) => ({
            destinationBackupVault: c.destinationBackupVault,
            deleteAfter: Duration.days(BACKUP_RETENTION.monthlyDays),
          })),
        }),
      ],
    });
    this.plan.addSelection('Table', {
      resources: [backup.BackupResource.fromDynamoDbTable(props.table)],
    });
  }
}
