/**
 * Where messages go. On AWS (`NOTIFY_TRANSPORT=aws`, set by the stack): e-mail through Amazon SES
 * (SESv2 SendEmail from `NOTIFY_EMAIL_FROM`, a verified identity, with the configuration set
 * `NOTIFY_SES_CONFIGURATION_SET` when given) and SMS through Amazon SNS (Publish to the number,
 * transactional, with the sender id `NOTIFY_SMS_SENDER_ID` where the country allows one). In
 * `npm start` and the tests (`local`, the default) nothing leaves the machine: the message item
 * itself is the local outbox the dashboard shows, as a mail catcher does.
 */
import { randomUUID } from 'node:crypto';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import type { Channel } from './kinds';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  body: string;
}

export interface Sent {
  transport: 'local' | 'ses' | 'sns';
  messageId: string;
}

let ses: SESv2Client | undefined;
let sns: SNSClient | undefined;

/** The SDK clients, created once per container (tests give aws-sdk-client-mock these). */
export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({});
  return ses;
}
export function snsClient(): SNSClient {
  sns ??= new SNSClient({});
  return sns;
}

export function transportMode(): 'aws' | 'local' {
  return process.env.NOTIFY_TRANSPORT === 'aws' ? 'aws' : 'local';
}

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: the notifications function needs it on AWS`);
  return v;
}

export async function send(m: OutgoingMessage): Promise<Sent> {
  if (transportMode() === 'local')
    return { transport: 'local', messageId: `local-${randomUUID()}` };
  if (m.channel === 'email') {
    const configurationSet = process.env.NOTIFY_SES_CONFIGURATION_SET;
    const res = await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: required('NOTIFY_EMAIL_FROM'),
        Destination: { ToAddresses: [m.to] },
        Content: {
          Simple: {
            Subject: { Data: m.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: m.body, Charset: 'UTF-8' } },
          },
        },
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      }),
    );
    return { transport: 'ses', messageId: res.MessageId ?? '' };
  }
  const senderId = process.env.NOTIFY_SMS_SENDER_ID;
  const res = await snsClient().send(
    new PublishCommand({
      PhoneNumber: m.to,
      Message: m.body,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(senderId
          ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: senderId } }
          : {}),
      },
    }),
  );
  return { transport: 'sns', messageId: res.MessageId ?? '' };
}
