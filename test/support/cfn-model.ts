/**
 * Checks synthesized CloudFormation templates against the CloudFormation resource model: the
 * registry schemas as `@aws-cdk/aws-service-spec` ships them (the database CDK's own L1
 * constructs are generated from), so the suite needs neither cfn-lint nor an AWS account.
 *
 * What it checks, per template: every resource type exists; every property exists for its type,
 * recursively into the property types the model gives; required properties are present; a value
 * is of the model's shape (an object where the model has a property type or a map, a list where
 * it has a list); values within their allowed values where the model lists them; `Fn::GetAtt`
 * (also inside `Fn::Sub`) names a resource of the template and an attribute its type has; `Ref`
 * (also inside `Fn::Sub`) and `DependsOn` name a resource, a parameter or a pseudo parameter.
 *
 * A value that is an intrinsic function (`Ref`, `Fn::…`) is not type-checked (its value is known
 * only at deploy time); its references are. The model lists allowed values for only part of the
 * properties (e.g. `AWS::Logs::LogGroup.RetentionInDays`, but not `AWS::Lambda::Function.Runtime`
 * or `AWS::DynamoDB::Table.BillingMode`, whose values are only in the documentation text): where
 * it has none, any value of the right shape passes. docs/deployment.md says the same.
 */
import { loadAwsServiceSpec } from '@aws-cdk/aws-service-spec';
import type {
  PropertyType,
  Resource,
  ResourceProperties,
  SpecDatabase,
  TypeDefinition,
} from '@aws-cdk/service-spec-types';

export type FindingKind =
  | 'unknown-type'
  | 'unknown-property'
  | 'missing-required'
  | 'wrong-shape'
  | 'bad-enum'
  | 'bad-getatt'
  | 'dangling-ref';

export interface Finding {
  kind: FindingKind;
  /** Where in the template, e.g. `Resources.Table.Properties.KeySchema[0].KeyType`. */
  path: string;
  message: string;
}

type Json = any;

let loading: Promise<SpecDatabase> | undefined;
/** The model, loaded once per process (about 2 s; the database is a 2.6 MB gzip). */
export function resourceModel(): Promise<SpecDatabase> {
  loading ??= loadAwsServiceSpec();
  return loading;
}

const PSEUDO_PARAMETERS = new Set([
  'AWS::AccountId',
  'AWS::NotificationARNs',
  'AWS::NoValue',
  'AWS::Partition',
  'AWS::Region',
  'AWS::StackId',
  'AWS::StackName',
  'AWS::URLSuffix',
]);

/** The keys a resource entry may have besides `Type` and `Properties`. */
const RESOURCE_KEYS = new Set([
  'Type',
  'Properties',
  'DependsOn',
  'Condition',
  'Metadata',
  'DeletionPolicy',
  'UpdateReplacePolicy',
  'UpdatePolicy',
  'CreationPolicy',
]);

const isCustom = (type: string) =>
  type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{Ref: …}`, `{"Fn::…": …}` or `{Condition: …}`: a value CloudFormation computes. */
const isIntrinsic = (v: unknown): boolean => {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::'));
};

const isScalar = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

const shapeOf = (v: unknown) =>
  Array.isArray(v) ? 'a list' : isObject(v) ? 'an object' : typeof v;

/** Whether a value has the shape of a property type (a list, an object or a scalar). */
function fitsShape(value: unknown, type: PropertyType): boolean {
  switch (type.type) {
    case 'json':
    case 'null':
      return true;
    case 'union':
      return type.types.some((m) => fitsShape(value, m));
    case 'array':
      return Array.isArray(value);
    case 'map':
    case 'ref':
    case 'tag':
      return isObject(value);
    default:
      return isScalar(value);
  }
}

/** The findings of one template (`name` prefixes nothing; paths start at the template's root). */
export function checkTemplate(db: SpecDatabase, template: Json): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: FindingKind, path: string, message: string) =>
    findings.push({ kind, path, message });
  const resources: Record<string, Json> = template.Resources ?? {};
  const parameters: Record<string, Json> = template.Parameters ?? {};
  const typeOf = new Map<string, Resource | 'custom' | undefined>();

  for (const [id, resource] of Object.entries(resources)) {
    const type = String(resource?.Type);
    if (isCustom(type)) {
      typeOf.set(id, 'custom');
      continue;
    }
    const found = db.lookup('resource', 'cloudFormationType', 'equals', type);
    typeOf.set(id, found[0]);
    if (!found[0]) add('unknown-type', `Resources.${id}.Type`, `no resource type ${type}`);
  }

  /** Checks a `Ref` name. */
  const ref = (path: string, name: unknown) => {
    if (typeof name !== 'string') return; // a computed Ref is not CloudFormation's; not ours
    if (!(name in resources) && !(name in parameters) && !PSEUDO_PARAMETERS.has(name))
      add('dangling-ref', path, `Ref ${name}: no resource, parameter or pseudo parameter`);
  };

  /** Checks a `Fn::GetAtt` target: the resource exists and its type has the attribute. */
  const getAtt = (path: string, target: string, attribute: unknown) => {
    if (!(target in resources)) {
      add('bad-getatt', path, `GetAtt ${target}: no such resource`);
      return;
    }
    if (typeof attribute !== 'string') return; // an attribute name from Ref: known at deploy
    const type = typeOf.get(target);
    if (type === 'custom' || type === undefined) return; // custom: any attribute; unknown: reported
    if (
      type.cloudFormationType === 'AWS::CloudFormation::Stack' &&
      attribute.startsWith('Outputs.')
    )
      return; // a nested stack's outputs are its template's, not the model's
    if (!(attribute in type.attributes))
      add(
        'bad-getatt',
        path,
        `GetAtt ${target}.${attribute}: ${type.cloudFormationType} has no attribute ${attribute} (it has ${Object.keys(type.attributes).join(', ') || 'none'})`,
      );
  };

  /** `${Name}` and `${Name.Attribute}` in a `Fn::Sub` string (`${!…}` is a literal). */
  const sub = (path: string, text: unknown, variables: Record<string, unknown> = {}) => {
    if (typeof text !== 'string') return;
    for (const [, name] of text.matchAll(/\$\{([^}!][^}]*)\}/g)) {
      const trimmed = name!.trim();
      if (trimmed in variables) continue;
      const dot = trimmed.indexOf('.');
      if (dot > 0 && !PSEUDO_PARAMETERS.has(trimmed))
        getAtt(path, trimmed.slice(0, dot), trimmed.slice(dot + 1));
      else ref(path, trimmed);
    }
  };

  /** Every reference anywhere in a value (intrinsics nest in other intrinsics). */
  const references = (path: string, value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        references(`${path}[${i}]`, v);
      });
      return;
    }
    if (!isObject(value)) return;
    if (isIntrinsic(value)) {
      const [fn, arg] = Object.entries(value)[0]!;
      if (fn === 'Ref') ref(path, arg);
      else if (fn === 'Fn::GetAtt') {
        const [target, attribute] =
          typeof arg === 'string' ? [arg.split('.')[0]!, arg.split('.').slice(1).join('.')] : arg;
        getAtt(path, String(target), attribute);
      } else if (fn === 'Fn::Sub') {
        if (Array.isArray(arg)) sub(path, arg[0], isObject(arg[1]) ? arg[1] : {});
        else sub(path, arg);
      }
      if (fn !== 'Ref') references(`${path}.${fn}`, arg);
      return;
    }
    for (const [k, v] of Object.entries(value)) references(`${path}.${k}`, v);
  };

  /** Properties of a resource or of a property type against the model's. */
  const properties = (
    path: string,
    value: unknown,
    model: ResourceProperties,
    typeName: string,
  ) => {
    if (isIntrinsic(value)) return;
    if (!isObject(value)) {
      add('wrong-shape', path, `${typeName} needs an object, not ${shapeOf(value)}`);
      return;
    }
    for (const [name, v] of Object.entries(value)) {
      const property = model[name];
      if (!property) {
        add('unknown-property', `${path}.${name}`, `${typeName} has no property ${name}`);
        continue;
      }
      check(`${path}.${name}`, v, property.type);
    }
    for (const [name, property] of Object.entries(model))
      if (property.required && !(name in value))
        add('missing-required', `${path}.${name}`, `${typeName} requires ${name}`);
  };

  /** A value against a property type (nothing to check in an intrinsic's value). */
  const check = (path: string, value: unknown, type: PropertyType): void => {
    if (isIntrinsic(value)) return;
    switch (type.type) {
      case 'json':
      case 'null':
        return;
      case 'union': {
        // The model's unions often add `json` to a structured type (an older schema's looser
        // form): a value shaped like a structured member is checked as that member, and only a
        // value of no member's shape falls to `json`. Of the members of its shape, the one it
        // fits best counts: no findings, or else the fewest.
        const structured = type.types.filter((m) => m.type !== 'json' && fitsShape(value, m));
        if (structured.length === 0 && type.types.some((m) => m.type === 'json')) return;
        let best: Finding[] | undefined;
        const before = findings.length;
        for (const member of structured.length ? structured : type.types) {
          check(path, value, member);
          const own = findings.splice(before);
          if (!best || own.length < best.length) best = own;
          if (own.length === 0) return;
        }
        findings.push(...(best ?? []));
        return;
      }
      case 'array':
        if (!Array.isArray(value)) {
          add('wrong-shape', path, `needs a list, not ${shapeOf(value)}`);
          return;
        }
        value.forEach((v, i) => {
          check(`${path}[${i}]`, v, type.element);
        });
        return;
      case 'map':
        if (!isObject(value)) {
          add('wrong-shape', path, `needs a map, not ${shapeOf(value)}`);
          return;
        }
        for (const [k, v] of Object.entries(value)) check(`${path}.${k}`, v, type.element);
        return;
      case 'tag':
        properties(
          path,
          value,
          {
            Key: { type: { type: 'string' }, required: true },
            Value: { type: { type: 'string' }, required: true },
          },
          'Tag',
        );
        return;
      case 'ref': {
        const definition = db.get('typeDefinition', type.reference) as TypeDefinition;
        properties(path, value, definition.properties, definition.name);
        return;
      }
      default: {
        if (!isScalar(value)) {
          add('wrong-shape', path, `needs a ${type.type}, not ${shapeOf(value)}`);
          return;
        }
        const allowed: readonly (string | number)[] | undefined =
          'allowedValues' in type ? type.allowedValues : undefined;
        if (allowed && !allowed.some((a) => String(a) === String(value)))
          add('bad-enum', path, `${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
      }
    }
  };

  for (const [id, resource] of Object.entries(resources)) {
    const path = `Resources.${id}`;
    if (!isObject(resource)) {
      add('wrong-shape', path, 'a resource is an object');
      continue;
    }
    for (const key of Object.keys(resource))
      if (!RESOURCE_KEYS.has(key))
        add('unknown-property', `${path}.${key}`, `a resource entry has no key ${key}`);
    for (const [i, name] of [resource.DependsOn ?? []].flat().entries())
      if (!(name in resources))
        add('dangling-ref', `${path}.DependsOn[${i}]`, `DependsOn ${name}: no such resource`);
    references(`${path}.Properties`, resource.Properties);
    const type = typeOf.get(id);
    if (type === 'custom') {
      if (!isObject(resource.Properties) || !('ServiceToken' in resource.Properties))
        add(
          'missing-required',
          `${path}.Properties.ServiceToken`,
          'a custom resource requires ServiceToken',
        );
    } else if (type)
      properties(
        `${path}.Properties`,
        resource.Properties ?? {},
        type.properties,
        type.cloudFormationType,
      );
  }
  for (const section of ['Outputs', 'Conditions', 'Rules']) references(section, template[section]);
  return findings;
}

/** The findings as one line each, for an assertion's message. */
export const formatFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.kind} at ${f.path}: ${f.message}`).join('\n');
