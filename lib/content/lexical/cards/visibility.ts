import type { LexicalNode } from '../types';

// The reference's card visibility (kg-default-nodes utils/visibility), web side only: a card shown to no
// one on the web renders nothing; one shown to some members is wrapped in gated-block comments that the
// reference's members layer resolves per reader (pressroom has no members, so it serves them as written).

const ALL_MEMBERS = 'status:free,status:-free';
const NO_MEMBERS = '';

interface WebVisibility {
  nonMember: unknown;
  memberSegment: unknown;
}

const isNullish = (value: unknown): boolean => value === null || value === undefined;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function isOldFormat(v: Record<string, unknown>): boolean {
  const web = record(v.web);
  return !('web' in v) || !('email' in v) || !('nonMember' in web) || isNullish(web.memberSegment) || isNullish(record(v.email).memberSegment);
}

/** The web half of a card's visibility, old formats (showOnWeb, emailOnly) migrated as the reference does. */
function webVisibility(value: unknown): WebVisibility {
  const v = record(value);
  if (isNullish(value) || !isOldFormat(v)) {
    const web = record(v.web);
    return isNullish(value) ? { nonMember: true, memberSegment: ALL_MEMBERS } : { nonMember: web.nonMember, memberSegment: web.memberSegment };
  }
  if (isNullish(v.showOnWeb) && isNullish(v.emailOnly)) return { nonMember: true, memberSegment: ALL_MEMBERS };
  if (!isNullish(v.emailOnly)) return { nonMember: !v.emailOnly, memberSegment: v.emailOnly ? NO_MEMBERS : ALL_MEMBERS };
  return { nonMember: v.showOnWeb, memberSegment: v.showOnWeb ? ALL_MEMBERS : NO_MEMBERS };
}

/** The card's html as the web sees it (`content` is what the card renders without visibility). */
export function withVisibility(node: LexicalNode, content: string): string {
  const web = webVisibility(node.visibility);
  if (web.nonMember === false && web.memberSegment === NO_MEMBERS) return '';
  if (web.nonMember !== true || web.memberSegment !== ALL_MEMBERS) {
    return `\n<!--kg-gated-block:begin nonMember:${String(web.nonMember)} memberSegment:"${String(web.memberSegment)}" -->${content}<!--kg-gated-block:end-->\n`;
  }
  return content;
}
