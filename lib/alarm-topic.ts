import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/**
 * The SNS topic a stack's alarms notify, encrypted with its own rotating key that CloudWatch may
 * use to publish (an alarm can only notify a topic in its own region, hence one per region).
 * Constructs `AlarmTopicKey` and `AlarmTopic` in `scope`, named after `owner` ("<owner> alarms").
 */
export function encryptedAlarmTopic(scope: Construct, owner: string): sns.Topic {
  const topicKey = new kms.Key(scope, 'AlarmTopicKey', {
    description: `${owner} alarm topic encryption`,
    enableKeyRotation: true,
  });
  topicKey.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'AllowCloudWatchAlarmsToPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );
  return new sns.Topic(scope, 'AlarmTopic', {
    displayName: `${owner} alarms`,
    masterKey: topicKey,
    enforceSSL: true,
  });
}
