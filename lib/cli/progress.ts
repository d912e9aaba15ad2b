// A progress line for long CLI commands: a bar redrawn in place on a terminal, a plain line now and
// then otherwise (logs and CI keep every line they are sent).
import type { Writable } from 'node:stream';

export interface ProgressState {
  /** Records done so far. */
  done: number;
  /** Records in all, when known. */
  total: number | null;
  /** Where the fraction comes from when records are not counted ahead (an import reads its file as it goes). */
  fraction?: number | null;
}

const WIDTH = 24;
const PLAIN_EVERY_MS = 2000;

const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`);

export class ProgressBar {
  private readonly started = Date.now();
  private lastPlain = 0;
  private drawn = false;

  constructor(
    private readonly out: Writable & { isTTY?: boolean },
    private readonly noun: string,
  ) {}

  update(state: ProgressState): void {
    const elapsed = (Date.now() - this.started) / 1000;
    const fraction = state.fraction ?? (state.total ? state.done / state.total : null);
    const rate = elapsed > 0 ? state.done / elapsed : 0;
    const eta = fraction && fraction > 0 && fraction < 1 ? seconds((elapsed / fraction) * (1 - fraction)) : '–';
    const count = state.total !== null && state.fraction == null ? `${state.done}/${state.total}` : `${state.done}`;
    const parts = [`${count} ${this.noun}`, `${Math.round(rate)}/s`, `ETA ${eta}`];
    if (this.out.isTTY) {
      const filled = Math.round((fraction ?? 0) * WIDTH);
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${fraction === null ? '  ?' : `${String(Math.floor(fraction * 100)).padStart(3)}%`}`;
      this.out.write(`\r\x1b[2K${bar}  ${parts.join('  ')}`);
      this.drawn = true;
    } else if (Date.now() - this.lastPlain >= PLAIN_EVERY_MS) {
      this.lastPlain = Date.now();
      this.out.write(`${fraction === null ? '' : `${Math.floor(fraction * 100)}% `}${parts.join(', ')}\n`);
    }
  }

  /** Ends the bar's line, so what follows starts on its own. */
  finish(state: ProgressState): void {
    const elapsed = (Date.now() - this.started) / 1000;
    if (this.drawn) this.out.write('\r\x1b[2K');
    this.out.write(`${state.done} ${this.noun} in ${elapsed.toFixed(1)}s\n`);
  }
}
