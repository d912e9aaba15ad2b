import { str } from './props';
import type { LexicalCardRenderer } from './types';
import { withVisibility } from './visibility';

// Raw by design, as in the reference and pressroom's mobiledoc html card: the author's escape hatch for
// arbitrary markup (only staff and integrations write posts). The markers let an HTML import find it again.
export const htmlCard: LexicalCardRenderer = (node) => {
  const html = str(node, 'html');
  if (!html) return '';
  return withVisibility(node, `\n<!--kg-card-begin: html-->\n${html}\n<!--kg-card-end: html-->\n`);
};
