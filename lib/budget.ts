import * as budgets from 'aws-cdk-lib/aws-budgets';
import { Construct } from 'constructs';
import { DEPLOYMENT_TAG } from './data';
import { deploymentName } from './naming';

export interface MonthlyBudgetProps {
  /** US dollars a month. */
  amountUsd: number;
  /** Who is told (e-mail: an SNS topic encrypted with the stack's key would need Budgets in its key policy). */
  email: string;
}

/**
 * An optional monthly cost budget (context `monthlyBudgetUsd` + `budgetAlertEmail`, docs/cost.md):
 * the deployment's costs, found by its `hms-deployment` tag (activate it as a cost allocation tag
 * once, in the Billing console), with an e-mail at 80% of actual spend and at 100% forecast.
 */
export class MonthlyBudget extends Construct {
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonthlyBudgetProps) {
    super(scope, id);
    const name = deploymentName(this);
    const subscribers = [{ subscriptionType: 'EMAIL', address: props.email }];
    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${name}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.amountUsd, unit: 'USD' },
        costFilters: { TagKeyValue: [`user:${DEPLOYMENT_TAG}$${name}`] },
      },
      notificationsWithSubscribers: [
        {
          notification: {
            notificationType: 'ACTUAL',
            comparisonOperator: 'GREATER_THAN',
            threshold: 80,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
      ],
    });
  }
}
