/**
 * The resource-model checker (test/support/cfn-model.ts) on small hand-written templates: it
 * finds each kind of error, and passes what CloudFormation accepts (intrinsics in values, custom
 * resources, nested stack outputs, pseudo parameters). test/cdk/stack.test.ts runs it over the
 * synthesized app.
 */
import type { SpecDatabase } from '@aws-cdk/service-spec-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkTemplate, type Finding, resourceModel } from '../../support/cfn-model';

let db: SpecDatabase;
beforeAll(async () => {
  db = await resourceModel();
});

type Json = any;

/** `${name}` as Fn::Sub writes it (CloudFormation's placeholder, not JavaScript's). */
const ph = (name: string) => '$'.concat('{', name, '}');

/** A queue and a log group that the model accepts as written. */
const valid = (): Json => ({
  Parameters: { Stage: { Type: 'String' } },
  Resources: {
    Queue: { Type: 'AWS::SQS::Queue', Properties: { MessageRetentionPeriod: 1209600 } },
    Logs: {
      Type: 'AWS::Logs::LogGroup',
      Properties: {
        RetentionInDays: 30,
        LogGroupName: { 'Fn::Sub': `/hms/${ph('Stage')}/${ph('Queue.Arn')}` },
      },
      DeletionPolicy: 'Retain',
    },
    Table: {
      Type: 'AWS::DynamoDB::Table',
      DependsOn: ['Queue'],
      Properties: {
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
        Tags: [{ Key: 'app', Value: { Ref: 'AWS::StackName' } }],
      },
    },
  },
  Outputs: { QueueArn: { Value: { 'Fn::GetAtt': ['Queue', 'Arn'] } } },
});

const kinds = (template: Json) => checkTemplate(db, template).map((f: Finding) => [f.kind, f.path]);

describe('the CloudFormation resource-model checker', () => {
  it('passes a template the model accepts', () => {
    expect(checkTemplate(db, valid())).toEqual([]);
  });

  it('finds a resource type that does not exist', () => {
    const t = valid();
    t.Resources.Queue.Type = 'AWS::SQS::Queues';
    expect(kinds(t)).toEqual([['unknown-type', 'Resources.Queue.Type']]);
  });

  it('finds a property the type does not have, at the top and inside a property type', () => {
    const t = valid();
    t.Resources.Queue.Properties.RetentionPeriod = 60;
    t.Resources.Table.Properties.KeySchema[0].Type = 'HASH';
    expect(kinds(t)).toEqual([
      ['unknown-property', 'Resources.Queue.Properties.RetentionPeriod'],
      ['unknown-property', 'Resources.Table.Properties.KeySchema[0].Type'],
    ]);
  });

  it('finds a key a resource entry cannot have', () => {
    const t = valid();
    t.Resources.Queue.DependOn = 'Logs';
    expect(kinds(t)).toEqual([['unknown-property', 'Resources.Queue.DependOn']]);
  });

  it('finds a missing required property, at the top and inside a property type', () => {
    const t = valid();
    delete t.Resources.Table.Properties.KeySchema;
    delete t.Resources.Table.Properties.AttributeDefinitions[0].AttributeType;
    expect(kinds(t)).toEqual([
      ['missing-required', 'Resources.Table.Properties.AttributeDefinitions[0].AttributeType'],
      ['missing-required', 'Resources.Table.Properties.KeySchema'],
    ]);
  });

  it('finds a value outside the allowed values where the model lists them', () => {
    const t = valid();
    t.Resources.Logs.Properties.RetentionInDays = 31;
    expect(kinds(t)).toEqual([['bad-enum', 'Resources.Logs.Properties.RetentionInDays']]);
    const stack: Json = {
      Resources: {
        Nested: {
          Type: 'AWS::CloudFormation::Stack',
          Properties: { TemplateURL: 'https://example.org/t.json' },
        },
        Rule: {
          Type: 'AWS::Events::Rule',
          Properties: { State: 'ON', ScheduleExpression: 'rate(5 minutes)' },
        },
      },
    };
    expect(kinds(stack)).toEqual([['bad-enum', 'Resources.Rule.Properties.State']]);
  });

  it('finds a value of the wrong shape: a scalar for an object, an object for a list', () => {
    const t = valid();
    t.Resources.Table.Properties.Tags = { Key: 'app', Value: 'hms' };
    t.Resources.Logs.Properties.RetentionInDays = { Days: 30 };
    expect(kinds(t)).toEqual([
      ['wrong-shape', 'Resources.Logs.Properties.RetentionInDays'],
      ['wrong-shape', 'Resources.Table.Properties.Tags'],
    ]);
  });

  it('finds a GetAtt of an attribute the type does not have, or of no resource', () => {
    const t = valid();
    t.Outputs.QueueArn.Value = { 'Fn::GetAtt': ['Queue', 'Url'] };
    t.Outputs.Other = { Value: { 'Fn::GetAtt': 'Missing.Arn' } };
    t.Resources.Logs.Properties.LogGroupName = { 'Fn::Sub': `/hms/${ph('Queue.Name')}` };
    expect(kinds(t)).toEqual([
      ['bad-getatt', 'Resources.Logs.Properties.LogGroupName'],
      ['bad-getatt', 'Outputs.QueueArn.Value'],
      ['bad-getatt', 'Outputs.Other.Value'],
    ]);
  });

  it('finds a Ref, a Sub reference or a DependsOn that names nothing', () => {
    const t = valid();
    t.Resources.Table.Properties.Tags[0].Value = { Ref: 'AWS::StackNam' };
    t.Resources.Logs.Properties.LogGroupName = {
      'Fn::Join': ['/', [{ Ref: 'Stag' }, { 'Fn::Sub': `${ph('Queue')}-${ph('Missing')}` }]],
    };
    t.Resources.Table.DependsOn = ['Queue', 'Quue'];
    expect(kinds(t)).toEqual([
      ['dangling-ref', 'Resources.Logs.Properties.LogGroupName.Fn::Join[1][0]'],
      ['dangling-ref', 'Resources.Logs.Properties.LogGroupName.Fn::Join[1][1]'],
      ['dangling-ref', 'Resources.Table.DependsOn[1]'],
      ['dangling-ref', 'Resources.Table.Properties.Tags[0].Value'],
    ]);
  });

  it('does not type-check an intrinsic, but checks the references inside it', () => {
    const t = valid();
    // An enum-valued and an object-valued property given by intrinsics: their values come at deploy.
    t.Resources.Logs.Properties.RetentionInDays = { 'Fn::If': ['Long', 3653, { Ref: 'Days' }] };
    t.Resources.Table.Properties.KeySchema = { 'Fn::Split': [',', { Ref: 'Stage' }] };
    expect(kinds(t)).toEqual([
      ['dangling-ref', 'Resources.Logs.Properties.RetentionInDays.Fn::If[2]'],
    ]);
  });

  it("accepts a custom resource's own properties and attributes, and a nested stack's outputs", () => {
    const t: Json = {
      Resources: {
        Provider: { Type: 'AWS::SNS::Topic' },
        Custom: {
          Type: 'Custom::Backfill',
          Properties: { ServiceToken: { 'Fn::GetAtt': ['Provider', 'TopicArn'] }, Anything: 1 },
        },
        Nested: {
          Type: 'AWS::CloudFormation::Stack',
          Properties: { TemplateURL: 'https://example.org/t.json' },
        },
      },
      Outputs: {
        A: { Value: { 'Fn::GetAtt': ['Custom', 'Whatever'] } },
        B: { Value: { 'Fn::GetAtt': ['Nested', 'Outputs.TableName'] } },
      },
    };
    expect(checkTemplate(db, t)).toEqual([]);
    delete t.Resources.Custom.Properties.ServiceToken;
    expect(kinds(t)).toEqual([['missing-required', 'Resources.Custom.Properties.ServiceToken']]);
  });
});
