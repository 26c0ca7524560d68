import type { JsonSchema } from './define-action.js';

/**
 * A small structural check for host actions declared as JSON Schema: types, required keys and
 * enums, which is what models get wrong. Anything fancier is the host handler's job.
 */
export function checkJsonSchema(schema: JsonSchema, value: unknown, path = 'args'): string[] {
  const problems: string[] = [];
  const type = schema.type;
  if (typeof type === 'string' && !matchesType(type, value)) {
    return [`${path} should be ${type}, got ${describeType(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    problems.push(`${path} should be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (type === 'object' && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (record[key] === undefined) problems.push(`${path}.${key} is required`);
    }
    for (const [key, sub] of Object.entries(properties)) {
      if (record[key] !== undefined) problems.push(...checkJsonSchema(sub, record[key], `${path}.${key}`));
    }
  }
  if (type === 'array' && Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, index) => problems.push(...checkJsonSchema(schema.items as JsonSchema, item, `${path}[${index}]`)));
  }
  return problems;
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
