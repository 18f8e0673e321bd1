/** Runtime configuration from the environment, read where it is used. */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

export const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** Set only by the local runtime and tests: points the SDK at DynamoDB Local. */
export const dynamoEndpoint = () => process.env.DYNAMODB_ENDPOINT || undefined;

/**
 * Output and stored-record checks: every operation's answer is parsed with its output schema and
 * every record read with its record schema, and a mismatch is an internal error. On in the local
 * runtime and the tests (HMS_STRICT_CHECKS=1), off on Lambda where it would cost CPU per request.
 */
export const strictChecks = () => process.env.HMS_STRICT_CHECKS === '1';
