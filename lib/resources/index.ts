import type { RouteDef } from '../http/context';
import { postRoutes } from './posts/routes';
import { siteRoutes } from './site/routes';
import { contentSettingsRoutes } from './settings/content';
import { tagRoutes } from './tags/routes';
import { userRoutes } from './users/routes';

/** Every route of both APIs; each resource contributes its own. */
export const routes: RouteDef[] = [...postRoutes('post'), ...postRoutes('page'), ...tagRoutes, ...userRoutes, ...siteRoutes, ...contentSettingsRoutes];
