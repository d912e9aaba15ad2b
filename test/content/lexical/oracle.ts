import { createRequire } from 'node:module';

// The reference's own renderer and converter, at the versions Ghost 5.130 pins (devDependencies only):
// the oracle the differential tests compare pressroom's lexical code against, byte for byte.

export interface Oracle {
  render(lexical: string): Promise<string>;
  htmlToLexical(html: string): unknown;
}

/** Options as Ghost passes them (its default image configuration, a site at https://site.test). */
export const ORACLE_SITE = 'https://site.test';
export const ORACLE_IMAGE_WIDTHS = [600, 1000, 1600, 2400];
export const ORACLE_MAX_IMAGE_WIDTH = 2000;

/** Loads the oracle or throws with the reason (a missing package, a Node too old for it…); `site` is the site's URL it renders for. */
export function loadOracle(site = ORACLE_SITE): Oracle {
  const require = createRequire(import.meta.url);
  let Renderer: new (options: { nodes: unknown[] }) => { render(state: string, options: object): Promise<string> };
  let nodes: unknown[];
  let convert: (html: string) => unknown;
  try {
    const rendererModule = require('@tryghost/kg-lexical-html-renderer');
    Renderer = rendererModule.default ?? rendererModule;
    nodes = require('@tryghost/kg-default-nodes').DEFAULT_NODES;
    convert = require('@tryghost/kg-html-to-lexical').htmlToLexical;
  } catch (error) {
    throw new Error(`the lexical oracle (reference packages, devDependencies) cannot load on Node ${process.version}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const renderer = new Renderer({ nodes });
  const options = {
    siteUrl: site,
    imageOptimization: {
      defaultMaxWidth: ORACLE_MAX_IMAGE_WIDTH,
      contentImageSizes: Object.fromEntries(ORACLE_IMAGE_WIDTHS.map((width) => [`w${width}`, { width }])),
    },
    canTransformImage: () => true,
  };
  return {
    render: (lexical) => renderer.render(lexical, { ...options }),
    htmlToLexical: (html) => convert(html),
  };
}

/** The oracle, or why it cannot load: a differential test's first case throws that error, so it fails and never skips. */
export function loadOracleOrError(): Oracle | Error {
  try {
    return loadOracle();
  } catch (error) {
    return error as Error;
  }
}
