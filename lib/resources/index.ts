import type { RouteDef } from '../core/context';
import { postRoutes } from './posts/routes';
import { siteRoutes } from './site/routes';
import { contentSettingsRoutes } from './settings/content';
import { tagRoutes } from './tags/routes';
import { userRoutes } from './users/routes';
import { webhookRoutes } from './webhooks/routes';
import { staffRoutes } from './users/staff-routes';
import { sessionRoutes } from './session/routes';
import { setupRoutes } from './setup/routes';
import { roleRoutes } from './roles/routes';
import { integrationRoutes } from './integrations/routes';
import { adminSettingsRoutes } from './settings/admin';
import { imageRoutes } from './images/routes';
import { themeRoutes } from './themes/routes';
import { openApiRoutes } from './openapi/routes';
import { dbRoutes } from './db/routes';
import { revisionRoutes } from './revisions/routes';
import { previewRoutes } from './previews/routes';
import { inviteRoutes } from './invites/routes';
import { passwordResetRoutes } from './password-reset/routes';
import { actionRoutes } from './actions/routes';

/** Every route of both APIs; each resource contributes its own. */
export const routes: RouteDef[] = [
  ...postRoutes('post'),
  ...postRoutes('page'),
  ...tagRoutes,
  ...userRoutes,
  ...siteRoutes,
  ...contentSettingsRoutes,
  ...webhookRoutes,
  // user authentication (issue 6)
  ...staffRoutes,
  ...sessionRoutes,
  ...setupRoutes,
  ...roleRoutes,
  ...integrationRoutes,
  ...adminSettingsRoutes,
  // files (issue 7)
  ...imageRoutes,
  ...themeRoutes,
  // Ghost-format export and import (issue 26)
  ...dbRoutes,
  // revisions and previews (issue 35)
  ...revisionRoutes('post'),
  ...revisionRoutes('page'),
  ...previewRoutes('post'),
  ...previewRoutes('page'),
  // invitations, password resets and the activity log (issue 35)
  ...inviteRoutes,
  ...passwordResetRoutes,
  ...actionRoutes,
  // the OpenAPI documents of both APIs (issue 9), which describe every route here
  ...openApiRoutes(() => routes),
];
