import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { createTableInput, ensureTable, localClient } from '../../bin/local/dynamo-local';
import { TABLE } from '../../shared/kernel/store/table';

describe('local table from the table spec', () => {
  it('creates every declared index and TTL, and adds indexes a kept data folder lacks', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = localClient(endpoint);
    const name = `upgrade-${Date.now()}`;
    const old = createTableInput(name);
    old.GlobalSecondaryIndexes = old.GlobalSecondaryIndexes!.slice(0, 1);
    old.AttributeDefinitions = old.AttributeDefinitions!.filter((a) =>
      ['pk', 'sk', 'gsi1pk', 'gsi1sk'].includes(a.AttributeName!),
    );
    await client.send(new CreateTableCommand(old));

    await ensureTable(endpoint, name);

    const described = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(described.Table!.GlobalSecondaryIndexes!.map((i) => i.IndexName).sort()).toEqual(
      TABLE.indexes.map((i) => i.name).sort(),
    );
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe(TABLE.ttlAttribute);
    client.destroy();
  });
});
