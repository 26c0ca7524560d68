import * as z from 'zod/mini';
/** JSON Schema object, as the model reads it in the tool reference. */
export type JsonSchema = Record<string, unknown>;

type Def = { type: string; [key: string]: unknown };

/**
 * zod → JSON Schema for the shapes tool parameters use (objects, strings, numbers, booleans,
 * arrays with length bounds, enums, literals, unions, records, optional, nullable, descriptions). zod's own
 * converter handles everything but weighs about 7 KB gzip in every visitor's page; a schema
 * outside this subset becomes `{}` (any value), which the model can still fill and zod still checks.
 */
export function toJsonSchema(schema: z.ZodMiniType<any>): JsonSchema {
  const def = schema._zod.def as unknown as Def;
  const description = z.globalRegistry.get(schema)?.description;
  const result = convert(def);
  return description ? { ...result, description } : result;
}

function convert(def: Def): JsonSchema {
  switch (def.type) {
    case 'string':
      return { type: 'string', ...bounds(def, 'minLength', 'maxLength') };
    case 'number':
      return { type: isInteger(def) ? 'integer' : 'number', ...bounds(def, 'minimum', 'maximum') };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'literal':
      return { enum: def.values as unknown[] };
    case 'enum':
      return { type: 'string', enum: Object.values(def.entries as Record<string, unknown>) };
    case 'array':
      return { type: 'array', items: toJsonSchema(def.element as z.ZodMiniType), ...bounds(def, 'minItems', 'maxItems') };
    case 'union':
      return { anyOf: (def.options as z.ZodMiniType[]).map(toJsonSchema) };
    case 'record':
      return { type: 'object', additionalProperties: toJsonSchema(def.valueType as z.ZodMiniType) };
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'pipe': {
      const inner = (def.innerType ?? def.in) as z.ZodMiniType;
      const converted = toJsonSchema(inner);
      return def.type === 'nullable' ? { anyOf: [converted, { type: 'null' }] } : converted;
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodMiniType>;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        properties[key] = toJsonSchema(value);
        if (value._zod.optin !== 'optional') required.push(key);
      }
      return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
    }
    default:
      return {};
  }
}

/** Reads min/max checks (z.minLength, z.gte, …) off a schema definition. */
function bounds(def: Def, low: string, high: string): JsonSchema {
  const out: JsonSchema = {};
  for (const check of (def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []) {
    const checkDef = check._zod.def;
    if (checkDef.check === 'min_length' || checkDef.check === 'greater_than') out[low] = checkDef.minimum ?? checkDef.value;
    if (checkDef.check === 'max_length' || checkDef.check === 'less_than') out[high] = checkDef.maximum ?? checkDef.value;
  }
  return out;
}

function isInteger(def: Def): boolean {
  return def.format === 'safeint' || def.format === 'int32' || def.format === 'int64';
}
