import { initial } from './001-initial';
import { roles } from './002-roles';
import { settings } from './003-settings';
import { rateLimits } from './004-rate-limits';
import { sessions } from './005-sessions';
import { themes } from './006-themes';
import { webhooks } from './007-webhooks';
import { contentGeneration } from './008-content-generation';
import { postRelationIds } from './009-post-relation-ids';
import { nameOrder } from './010-name-order';
import { publishedWalk } from './011-published-walk';
import { ghostImport } from './012-ghost-import';
import { files } from './013-files';
import { contentChanges } from './014-content-changes';
import { bulkChanges } from './015-bulk-changes';
import { postSearch } from './016-post-search';
import { postRevisions } from './017-post-revisions';
import { people } from './018-people';
import { lexicalPosts } from './019-lexical-posts';
import { postSearchTable } from './020-post-search-table';
import { revisionImageText } from './021-revision-image-text';
import { searchWalk } from './022-search-walk';
import { scheduledDue } from './023-scheduled-due';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Applied in order, each once, each in its own transaction. Never edit one that has shipped: add another. */
export const migrations: Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'roles', sql: roles },
  { version: 3, name: 'settings', sql: settings },
  { version: 4, name: 'rate-limits', sql: rateLimits },
  { version: 5, name: 'sessions', sql: sessions },
  { version: 6, name: 'themes', sql: themes },
  { version: 7, name: 'webhooks', sql: webhooks },
  { version: 8, name: 'content-generation', sql: contentGeneration },
  { version: 9, name: 'post-relation-ids', sql: postRelationIds },
  { version: 10, name: 'name-order', sql: nameOrder },
  { version: 11, name: 'published-walk', sql: publishedWalk },
  { version: 12, name: 'ghost-import', sql: ghostImport },
  // 12 is the import/export branch's
  { version: 13, name: 'files', sql: files },
  { version: 14, name: 'content-changes', sql: contentChanges },
  { version: 15, name: 'bulk-changes', sql: bulkChanges },
  { version: 16, name: 'post-search', sql: postSearch },
  { version: 17, name: 'post-revisions', sql: postRevisions },
  { version: 18, name: 'people', sql: people },
  { version: 19, name: 'lexical-posts', sql: lexicalPosts },
  { version: 20, name: 'post-search-table', sql: postSearchTable },
  { version: 21, name: 'revision-image-text', sql: revisionImageText },
  { version: 22, name: 'search-walk', sql: searchWalk },
  { version: 23, name: 'scheduled-due', sql: scheduledDue },
];
