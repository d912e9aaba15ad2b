import { describe, expect, it } from 'vitest';
import { allows, assertCanManageUser, assertCanWritePost, assignableRoles } from '../../lib/auth/permissions';
import type { Actor } from '../../lib/core/context';
import type { PostState } from '../../lib/events/events';
import type { PostRow, UserWithRoles } from '../../lib/storage/rows';

function user(id: string, role: string): UserWithRoles {
  const now = new Date(0);
  return {
    id,
    name: id,
    slug: id,
    password_hash: '',
    email: `${id}@example.com`,
    profile_image: null,
    cover_image: null,
    bio: null,
    website: null,
    location: null,
    facebook: null,
    twitter: null,
    accessibility: null,
    status: 'active',
    locale: null,
    visibility: 'public',
    meta_title: null,
    meta_description: null,
    tour: null,
    last_seen: null,
    created_at: now,
    updated_at: now,
    roles: [{ id: role, name: role, description: null, created_at: now, updated_at: now }],
  };
}

const actor = (role: string, id = role.toLowerCase()): Actor => ({ kind: 'user', user: user(id, role), role });
const integration: Actor = { kind: 'integration', integrationId: 'i', apiKeyId: 'k' };

function post(status: PostRow['status'], authors: string[]): PostState {
  return { row: { status, type: 'post' } as PostRow, tags: [], authors: authors.map((id) => user(id, 'Author')) };
}

describe('allows', () => {
  it('Owner and Administrator may do anything, even actions no table names', () => {
    for (const role of ['Owner', 'Administrator']) expect(allows(actor(role), { resource: 'anything', action: 'whatever' })).toBe(true);
  });

  it('an unknown role may do nothing', () => {
    expect(allows(actor('Janitor'), { resource: 'posts', action: 'browse' })).toBe(false);
  });

  it('integrations keep their fixed set', () => {
    expect(allows(integration, { resource: 'posts', action: 'destroy' })).toBe(true);
    expect(allows(integration, { resource: 'users', action: 'edit' })).toBe(false);
    expect(allows(integration, { resource: 'settings', action: 'browse' })).toBe(false);
    expect(allows(integration, { resource: 'session', action: 'read' })).toBe(false);
  });

  it('tags: Editors all, Authors add, Contributors read', () => {
    expect(allows(actor('Editor'), { resource: 'tags', action: 'destroy' })).toBe(true);
    expect(allows(actor('Author'), { resource: 'tags', action: 'add' })).toBe(true);
    expect(allows(actor('Author'), { resource: 'tags', action: 'edit' })).toBe(false);
    expect(allows(actor('Contributor'), { resource: 'tags', action: 'add' })).toBe(false);
    expect(allows(actor('Contributor'), { resource: 'tags', action: 'read' })).toBe(true);
  });
});

describe('assertCanWritePost', () => {
  it('lets Editors, Administrators, Owners and integrations write anything', () => {
    for (const who of [actor('Editor'), actor('Administrator'), actor('Owner'), integration]) {
      expect(() => assertCanWritePost(who, post('published', ['someone']), post('published', ['else']))).not.toThrow();
    }
  });

  it('Authors: only posts they are an author of, on both sides of the write', () => {
    const author = actor('Author', 'me');
    expect(() => assertCanWritePost(author, null, post('published', ['me']))).not.toThrow();
    expect(() => assertCanWritePost(author, post('published', ['other', 'me']), null)).not.toThrow();
    expect(() => assertCanWritePost(author, post('draft', ['other']), null)).toThrow(/author of/);
    expect(() => assertCanWritePost(author, post('draft', ['me']), post('draft', ['other']))).toThrow(/author of/);
  });

  it('Contributors: only their own drafts', () => {
    const contributor = actor('Contributor', 'me');
    expect(() => assertCanWritePost(contributor, post('draft', ['me']), post('draft', ['me']))).not.toThrow();
    expect(() => assertCanWritePost(contributor, null, post('published', ['me']))).toThrow(/drafts/);
    expect(() => assertCanWritePost(contributor, null, post('scheduled', ['me']))).toThrow(/drafts/);
    expect(() => assertCanWritePost(contributor, post('published', ['me']), null)).toThrow(/drafts/);
    expect(() => assertCanWritePost(contributor, post('draft', ['other']), null)).toThrow(/author of/);
  });
});

describe('assertCanManageUser', () => {
  const owner = user('owner', 'Owner');
  const admin = user('admin', 'Administrator');
  const editor = user('editor', 'Editor');
  const author = user('author', 'Author');
  const contributor = user('contributor', 'Contributor');

  const can = (who: Actor, target: UserWithRoles, action: 'edit' | 'destroy') => {
    try {
      assertCanManageUser(who, target, action);
      return true;
    } catch {
      return false;
    }
  };

  it('the Owner: edited only by the Owner, deleted by no one', () => {
    expect(can(actor('Owner', 'owner'), owner, 'edit')).toBe(true);
    expect(can(actor('Administrator', 'admin'), owner, 'edit')).toBe(false);
    expect(can(actor('Owner', 'owner'), owner, 'destroy')).toBe(false);
  });

  it('Administrators manage everyone else', () => {
    for (const target of [admin, editor, author, contributor]) {
      expect(can(actor('Administrator', 'admin2'), target, 'edit')).toBe(true);
      expect(can(actor('Administrator', 'admin2'), target, 'destroy')).toBe(true);
    }
  });

  it('Editors manage lower roles and edit themselves', () => {
    const me = actor('Editor', 'editor');
    expect(can(me, author, 'destroy')).toBe(true);
    expect(can(me, contributor, 'edit')).toBe(true);
    expect(can(me, editor, 'edit')).toBe(true);
    expect(can(me, editor, 'destroy')).toBe(false);
    expect(can(me, user('editor2', 'Editor'), 'edit')).toBe(false);
    expect(can(me, admin, 'edit')).toBe(false);
  });

  it('Authors and Contributors edit only themselves and delete no one', () => {
    expect(can(actor('Author', 'author'), author, 'edit')).toBe(true);
    expect(can(actor('Author', 'author'), contributor, 'edit')).toBe(false);
    expect(can(actor('Author', 'author'), author, 'destroy')).toBe(false);
    expect(can(actor('Contributor', 'contributor'), contributor, 'edit')).toBe(true);
  });

  it('integrations manage no one', () => {
    expect(can(integration, author, 'edit')).toBe(false);
  });
});

describe('assignableRoles', () => {
  it('never Owner; Editors only lower roles; others none', () => {
    expect(assignableRoles(actor('Owner'))).toEqual(['Administrator', 'Editor', 'Author', 'Contributor']);
    expect(assignableRoles(actor('Editor'))).toEqual(['Author', 'Contributor']);
    expect(assignableRoles(actor('Author'))).toEqual([]);
    expect(assignableRoles(integration)).toEqual([]);
  });
});
