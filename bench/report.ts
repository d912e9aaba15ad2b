// Collects every figure of a run, prints them as one table and writes bench/results.json.
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';

export type Status = 'PASS' | 'FAIL' | 'n/a';

export interface Target {
  /** What is compared: the ratio to the baseline, or the value itself. */
  of: 'ratio' | 'value';
  op: '>=' | '<=';
  limit: number;
  /** Set when the figure cannot decide the target in this run (e.g. 100k measured only with --full). */
  undecided?: string;
}

export interface Row {
  section: string;
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  baselineName?: string;
  /** value / baseline unless given. */
  ratio?: number;
  target?: Target;
  status?: Status;
  note?: string;
  /** Further figures, kept in results.json only. */
  detail?: Record<string, unknown>;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  node: string;
  platform: string;
  date: string;
  loadAverageAtStart: number[];
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

function judge(row: Row): Status | undefined {
  if (!row.target) return undefined;
  if (row.target.undecided) return 'n/a';
  const actual = row.target.of === 'ratio' ? row.ratio : row.value;
  if (actual === undefined || !Number.isFinite(actual)) return 'FAIL';
  return (row.target.op === '>=' ? actual >= row.target.limit : actual <= row.target.limit) ? 'PASS' : 'FAIL';
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function targetText(target: Target | undefined): string {
  if (!target) return '';
  const limit = target.of === 'ratio' ? `${target.limit}×` : formatNumber(target.limit);
  return `${target.op === '>=' ? '≥' : '≤'} ${limit}`;
}

export class Report {
  readonly rows: Row[] = [];
  readonly notes: string[] = [];

  add(row: Row): Row {
    const ratio = row.ratio ?? (row.baseline !== undefined && row.baseline !== 0 ? row.value / row.baseline : undefined);
    const full: Row = { ...row, ratio };
    full.status = judge(full);
    this.rows.push(full);
    const status = full.status ? `  ${full.status}` : '';
    const ratioText = ratio !== undefined ? `  (${formatNumber(ratio)}×)` : '';
    console.log(`  ${row.section} · ${row.name}: ${formatNumber(row.value)} ${row.unit}${ratioText}${status}`);
    return full;
  }

  note(text: string): void {
    this.notes.push(text);
    console.log(`  note: ${text}`);
  }

  table(): string {
    const header = ['section', 'measure', 'value', 'baseline', 'ratio', 'target', 'status'];
    const lines = this.rows.map((r) => [
      r.section,
      r.note ? `${r.name} (${r.note})` : r.name,
      `${formatNumber(r.value)} ${r.unit}`,
      r.baseline !== undefined ? `${formatNumber(r.baseline)}${r.baselineName ? ` ${r.baselineName}` : ''}` : '',
      r.ratio !== undefined ? `${formatNumber(r.ratio)}×` : '',
      targetText(r.target),
      r.status ?? '',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
  }

  async write(path: string, meta: Record<string, unknown>): Promise<void> {
    await writeFile(path, `${JSON.stringify({ ...meta, rows: this.rows, notes: this.notes }, null, 2)}\n`);
  }
}
