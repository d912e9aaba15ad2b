// The reference's routes for features pressroom does not have (ghost/core/core/server/web/api/endpoints/
// admin/routes.js and content/routes.js, Ghost 5): an address under one of them answers 404 naming the
// feature on every root, so a client learns it called the right server for something it does not do,
// not that it mistyped an address. Looked up only where no route matched (lib/http/router.ts).
import type { Api } from '../core/context';

/** The first segment of an address under an API root → the feature it belongs to, as a reader would name it. */
const FEATURES: Readonly<Record<Api, Readonly<Record<string, string>>>> = {
  admin: {
    members: 'members',
    newsletters: 'newsletters',
    tiers: 'tiers',
    offers: 'offers',
    comments: 'comments',
    labels: 'member labels',
    snippets: 'snippets',
    emails: 'emails',
    email_previews: 'email previews',
    links: 'member link tracking',
    recommendations: 'recommendations',
    incoming_recommendations: 'recommendations',
    stats: 'member stats',
    mail_events: 'mail events',
  },
  content: {
    newsletters: 'newsletters',
    tiers: 'tiers',
    offers: 'offers',
    recommendations: 'recommendations',
  },
};

/** The feature an address relative to an API root (`members/…`) belongs to, if pressroom does not serve it; else null. */
export function unservedFeature(api: Api, relative: string): string | null {
  const slash = relative.indexOf('/');
  const first = slash < 0 ? relative : relative.slice(0, slash);
  return Object.hasOwn(FEATURES[api], first) ? FEATURES[api][first] : null;
}
