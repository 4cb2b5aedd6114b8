/**
 * The REST view of an answer (docs/api.md, "Field names"): the same output schema, with each field
 * that carries a REST name (shared/outputs/rest-names.ts) sent under that name. `restView` turns
 * an answer's data into it; `restSchema` describes it for the OpenAPI document. Both are worked out
 * once per schema; a schema with no REST name anywhere inside is sent as it is.
 */
import { z, type ZodType } from 'zod';
import { restNames, type RestName } from '../../shared/outputs/rest-names.ts';

type View = (value: unknown) => unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const defOf = (schema: ZodType) => schema._zod.def as unknown as { type: string; shape?: Record<string, ZodType>; element?: ZodType; innerType?: ZodType; options?: ZodType[] };

const views = new WeakMap<ZodType, View | null>();
const schemas = new WeakMap<ZodType, ZodType>();

/** The function that turns data of `schema` into its REST view; null when nothing in it is renamed. */
export function restView(schema: ZodType): View | null {
  if (!views.has(schema)) views.set(schema, buildView(schema));
  return views.get(schema)!;
}

/** Required keys of an object schema: how a union's member is recognised in data. */
function requiredKeys(schema: ZodType): string[] | null {
  const def = defOf(schema);
  if (def.type !== 'object') return null;
  return Object.entries(def.shape!)
    .filter(([, field]) => defOf(field).type !== 'optional')
    .map(([key]) => key);
}

function buildView(schema: ZodType): View | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const fields = new Map<string, { rename?: RestName; inner: View | null }>();
      for (const [key, field] of Object.entries(def.shape!)) {
        const rename = restNames.get(field);
        const inner = restView(field);
        if (rename || inner) fields.set(key, { rename, inner });
      }
      if (!fields.size) return null;
      return (value) => {
        if (!isPlainObject(value)) return value;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) {
          const field = fields.get(key);
          const v = field?.inner ? field.inner(value[key]) : value[key];
          if (!field?.rename) out[key] = v;
          else for (const name of field.rename.names) out[name] = field.rename.zeroOne ? (v ? 1 : 0) : v;
        }
        return out;
      };
    }
    case 'array': {
      const inner = restView(def.element!);
      return inner && ((value) => (Array.isArray(value) ? value.map(inner) : value));
    }
    case 'optional':
    case 'nullable': {
      const inner = restView(def.innerType!);
      return inner && ((value) => (value == null ? value : inner(value)));
    }
    case 'union': {
      // Data does not say which member it is: the first object member whose required keys it has.
      const members = def.options!.map((option) => ({ keys: requiredKeys(option), view: restView(option) })).filter((m) => m.view);
      if (!members.length) return null;
      return (value) => {
        const member = members.find((m) => !m.keys || (isPlainObject(value) && m.keys.every((k) => k in value)));
        return member ? member.view!(value) : value;
      };
    }
    default:
      return null;
  }
}

/** `copy` with the documentation `original` carries (its id, its description). */
function keepMeta<T extends ZodType>(copy: T, original: ZodType): T {
  const meta = z.globalRegistry.get(original);
  return meta ? (copy.meta(meta) as T) : copy;
}

/** The schema of the REST view of `schema` (the same schema when nothing in it is renamed). */
export function restSchema(schema: ZodType): ZodType {
  if (!restView(schema)) return schema;
  if (!schemas.has(schema)) schemas.set(schema, buildSchema(schema));
  return schemas.get(schema)!;
}

const ZZeroOne = z.union([z.literal(0), z.literal(1)]);

function buildSchema(schema: ZodType): ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape: Record<string, ZodType> = {};
      for (const [key, field] of Object.entries(def.shape!)) {
        const rename = restNames.get(field);
        if (!rename) {
          shape[key] = restSchema(field);
          continue;
        }
        if (rename.zeroOne && defOf(field).type !== 'boolean') throw new Error(`${key}: only a boolean is sent as 0 or 1`);
        for (const name of rename.names) shape[name] = keepMeta(rename.zeroOne ? ZZeroOne : restSchema(field), field);
      }
      return keepMeta(z.object(shape), schema);
    }
    case 'array':
      return keepMeta(z.array(restSchema(def.element!)), schema);
    case 'optional':
      return keepMeta(restSchema(def.innerType!).optional(), schema);
    case 'nullable':
      return keepMeta(restSchema(def.innerType!).nullable(), schema);
    case 'union':
      return keepMeta(z.union(def.options!.map(restSchema) as [ZodType, ZodType, ...ZodType[]]), schema);
    default:
      throw new Error(`no REST view for a ${def.type} schema`);
  }
}
