import type { OperationTable } from '../spec';
import { filesOperations } from './files';
import { dbOperations } from './db';
import { integrationsOperations } from './integrations';
import { openApiOperations } from './openapi';
import { postsOperations } from './posts';
import { siteSettingsOperations } from './site-settings';
import { tagsOperations } from './tags';
import { usersOperations } from './users';
import { revisionsOperations } from './revisions';
import { peopleOperations } from './people';

/** Every documented operation, by `operationKey` (`admin GET posts/:id/`). */
export const OPERATIONS: OperationTable = {
  ...postsOperations,
  ...tagsOperations,
  ...usersOperations,
  ...siteSettingsOperations,
  ...filesOperations,
  ...integrationsOperations,
  ...openApiOperations,
  ...dbOperations,
  ...revisionsOperations,
  ...peopleOperations,
};
