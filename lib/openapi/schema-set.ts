import { z } from 'zod';

export type Json = { [key: string]: unknown };

const COMPONENT = '#/components/schemas/';
const TEMPORARY = '__inline';

/** Where an operation uses a zod schema; `SchemaSet.resolve` turns it into JSON Schema. */
export class SchemaUse {
  constructor(
    readonly set: SchemaSet,
    readonly id: string,
  ) {}
}

/**
 * The zod schemas of one document, converted together with `z.toJSONSchema` so that the named ones
 * (`components.schemas`) are referenced by `$ref` wherever they occur. Schemas an operation uses that
 * have no name are registered under a temporary one and inlined where they are used.
 */
export class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private emitted: Record<string, Json> | null = null;
  private count = 0;

  constructor(private readonly io: 'input' | 'output') {}

  name(id: string, schema: z.ZodType): void {
    if (this.emitted) throw new Error('pressroom: every schema must be registered before the document is emitted');
    this.registry.add(schema, { id });
    this.ids.set(schema, id);
  }

  use(schema: z.ZodType): SchemaUse {
    let id = this.ids.get(schema);
    if (id === undefined) {
      id = `${TEMPORARY}${this.io}${this.count++}`;
      this.name(id, schema);
    }
    return new SchemaUse(this, id);
  }

  /** The named schemas, for `components.schemas`. */
  components(): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const [id, schema] of Object.entries(this.emit())) {
      if (!id.startsWith(TEMPORARY)) out[id] = this.inline(schema) as Json;
    }
    return out;
  }

  /** The JSON Schema of one use: a `$ref` for a named schema, the schema itself otherwise. */
  resolve(use: SchemaUse): Json {
    if (!use.id.startsWith(TEMPORARY)) return { $ref: `${COMPONENT}${use.id}` };
    return this.inline(this.emit()[use.id]) as Json;
  }

  private emit(): Record<string, Json> {
    if (this.emitted) return this.emitted;
    const { schemas } = z.toJSONSchema(this.registry, { io: this.io, uri: (id) => `${COMPONENT}${id}`, unrepresentable: 'throw' });
    if ('__shared' in schemas) throw new Error('pressroom: a schema of the OpenAPI document is recursive or shared without a name');
    const out: Record<string, Json> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      // each component is a plain Schema Object of the document's dialect, not a standalone resource
      const { $schema: _dialect, $id: _id, ...rest } = JSON.parse(JSON.stringify(schema)) as Json;
      out[id] = rest;
    }
    return (this.emitted = out);
  }

  /** A deep copy with every `$ref` to a temporary schema replaced by that schema. */
  private inline(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.inline(item));
    if (typeof node !== 'object' || node === null) return node;
    const object = node as Json;
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.startsWith(`${COMPONENT}${TEMPORARY}`)) {
      const { $ref: _ref, ...siblings } = object;
      return { ...(this.inline(this.emit()[ref.slice(COMPONENT.length)]) as Json), ...siblings };
    }
    const out: Json = {};
    for (const [key, value] of Object.entries(object)) out[key] = this.inline(value);
    return out;
  }
}
