/** Runtime configuration from the environment, read once per container. */
export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

export const region = () => process.env.AWS_REGION ?? 'us-east-1';

/** Set only by the local runtime and tests: points the SDK at DynamoDB Local. */
export const dynamoEndpoint = () => process.env.DYNAMODB_ENDPOINT || undefined;

/** Trial length for new hospitals. */
export const TRIAL_DAYS = 14;
