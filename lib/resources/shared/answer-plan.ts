import type { Api, Version } from '../../core/context';
import { shown, type FieldSpec } from './fields';

/**
 * An answer's steps worked out once from a field table, for records serialised on the read path
 * (tags, users and authors: many on every page of posts). Posts have their own plan
 * (lib/resources/posts/serialize.ts: body formats and relations); webhooks and integrations, read
 * rarely, are written field by field (answer-shape.ts).
 */

const Kind = { Column: 0, Date: 1, Computed: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

export interface AnswerPlan {
  steps: readonly { key: string; kind: Kind }[];
  /** Every key of the answer in order, each null: an answer starts as a copy (posts/serialize.ts says why). */
  template: Record<string, unknown>;
}

/** The plan of what `api` at `version` shows of a table's fields, then `extraKeys` (set by the caller). */
export function answerPlan(fields: readonly FieldSpec[], api: Api, version: Version, extraKeys: readonly string[] = []): AnswerPlan {
  const steps: { key: string; kind: Kind }[] = [];
  for (const field of fields) {
    if (!shown(field, api, version)) continue;
    const kind = field.computed ? Kind.Computed : field.sql === 'timestamptz' ? Kind.Date : Kind.Column;
    steps.push({ key: field.name, kind });
  }
  const keys = [...steps.map((step) => step.key), ...extraKeys];
  const template = JSON.parse(`{${keys.map((key) => `"${key}":null`).join(',')}}`) as Record<string, unknown>;
  return { steps, template };
}

/** A record as its plan shows it: columns copied, timestamps through `date`, computed values by name. */
export function planAnswer(
  plan: AnswerPlan,
  record: object,
  date: (value: Date | null) => string | null,
  computed: (key: string) => unknown,
): Record<string, unknown> {
  const row = record as Record<string, unknown>;
  const out: Record<string, unknown> = { ...plan.template };
  for (const step of plan.steps) {
    if (step.kind === Kind.Column) out[step.key] = row[step.key];
    else if (step.kind === Kind.Date) out[step.key] = date(row[step.key] as Date | null);
    else out[step.key] = computed(step.key);
  }
  return out;
}
