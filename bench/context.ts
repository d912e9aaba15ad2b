// What every section is given: the run's settings, the report, and generated sites shared between
// sections (generating 10k posts takes seconds; doing it once per size keeps the run short).
import { createSite, type Site } from './dataset';
import type { Report } from './report';

export const SIZES = { '1k': 1_000, '10k': 10_000, '100k': 100_000 } as const;
export type SizeName = keyof typeof SIZES;

export interface Settings {
  size: SizeName;
  quick: boolean;
  full: boolean;
  /** Seconds of each HTTP load run. */
  loadSeconds: number;
  /** Seconds of each in-process timing loop. */
  loopSeconds: number;
  /** Seconds of the leak-check load. */
  leakSeconds: number;
  /** Cold starts per mode (the median is reported). */
  coldStarts: number;
}

export interface BenchContext {
  settings: Settings;
  report: Report;
  /** The generated site of that many posts, made on first use and kept for later sections. */
  site(size: SizeName): Promise<Site>;
  /** Closes a shared site early, to free its memory. */
  drop(size: SizeName): Promise<void>;
}

export function settingsFor(size: SizeName, quick: boolean, full: boolean): Settings {
  return quick
    ? { size, quick, full, loadSeconds: 3, loopSeconds: 1, leakSeconds: 5, coldStarts: 3 }
    : { size, quick, full, loadSeconds: 10, loopSeconds: 3, leakSeconds: 60, coldStarts: 5 };
}

export function createContext(settings: Settings, report: Report): BenchContext & { closeAll(): Promise<void> } {
  const sites = new Map<SizeName, Promise<Site>>();
  return {
    settings,
    report,
    site(size) {
      let site = sites.get(size);
      if (!site) {
        console.log(`  generating ${size} posts…`);
        site = createSite(SIZES[size]).then((made) => {
          console.log(`  generated ${size} posts in ${(made.loadMs / 1000).toFixed(1)} s`);
          return made;
        });
        sites.set(size, site);
      }
      return site;
    },
    async drop(size) {
      const site = sites.get(size);
      sites.delete(size);
      if (site) await (await site).close();
    },
    async closeAll() {
      for (const size of [...sites.keys()]) await this.drop(size);
    },
  };
}
