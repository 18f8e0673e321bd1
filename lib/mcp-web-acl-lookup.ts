import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct, type IConstruct } from 'constructs';
import type { Logging } from './logging';
import { CLOUDFRONT_WAF_REGION } from './mcp-edge';

/** The construct id CDK gives AwsCustomResource's singleton function (aws-custom-resource.ts). */
const AWS_CUSTOM_RESOURCE_SINGLETON = 'AWS679f53fac002430cb0da5b7982bd2287';

export interface McpWebAclLookupProps {
  /** The SSM parameter the firewall stack writes its web ACL's ARN to (mcpWebAclParameterName). */
  parameterName: string;
  logging: Logging;
}

/**
 * Reads the MCP web ACL's ARN, at deployment, from the SSM parameter the firewall stack writes in
 * us-east-1 (lib/mcp-firewall-stack.ts), so the service deploys with one `cdk deploy`: the
 * firewall stack is the service stack's dependency and deploys first (bin/hospital.ts). A
 * CloudFormation reference cannot cross regions, and CDK's `crossRegionReferences` needs both
 * stacks' regions at synthesis, which CI and the tests synthesise without. It only reads: the ACL
 * stays the firewall stack's resource (docs/decisions.md, "MCP behind CloudFront").
 */
export class McpWebAclLookup extends Construct {
  /** `arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>`, resolved at deployment. */
  readonly arn: string;
  readonly resource: cr.AwsCustomResource;

  constructor(scope: Construct, id: string, props: McpWebAclLookupProps) {
    super(scope, id);
    const read: cr.AwsSdkCall = {
      service: 'SSM',
      action: 'GetParameter',
      parameters: { Name: props.parameterName },
      region: CLOUDFRONT_WAF_REGION,
      // The parameter's name: one lookup per deployment, read again when the name changes.
      physicalResourceId: cr.PhysicalResourceId.of(props.parameterName),
    };
    this.resource = new cr.AwsCustomResource(this, 'Read', {
      onCreate: read,
      onUpdate: read,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            Stack.of(this).formatArn({
              service: 'ssm',
              region: CLOUDFRONT_WAF_REGION,
              resource: 'parameter',
              resourceName: props.parameterName.replace(/^\//, ''),
            }),
          ],
        }),
      ]),
      // The SDK of the Lambda runtime has GetParameter: nothing to download at deployment.
      installLatestAwsSdk: false,
      timeout: Duration.minutes(1),
      logGroup: props.logging.logGroup(this, 'Logs'),
    });
    this.arn = this.resource.getResponseField('Parameter.Value');
  }

  /** CDK's singleton function of AwsCustomResource (one per stack), its role and this policy. */
  nagScopes(): IConstruct[] {
    const singleton = Stack.of(this).node.findChild(AWS_CUSTOM_RESOURCE_SINGLETON);
    return [singleton, this.resource];
  }
}
