import { z } from 'zod';
import { passwordInput, userAddInput, userEditInput } from '../../resources/users/staff-schema';
import { authorSchema, role, userSchema } from '../../resources/users/response';
import { credentialsInput } from '../../resources/session/operations';
import { setupInput } from '../../resources/setup/operations';
import { listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import type { Version } from '../../core/context';
import { jsonEnvelope, noContent } from './helpers';

const browseQuery = ['include', 'fields', 'filter', 'limit', 'page', 'order'] as const;
const readQuery = ['include', 'fields'] as const;
const includes = ['count.posts'];
const users = (v: Version) => listEnvelope('users', userSchema(v));

/** Staff users (Admin API), authors (Content API), roles, sessions and the first-run setup. */
export const usersOperations: OperationTable = {
  'admin GET users/': (v) => ({
    operationId: 'browseUsers',
    summary: 'Browse staff users',
    query: [...browseQuery],
    includes,
    responses: { 200: { description: 'A page of users.', schema: listEnvelope('users', userSchema(v), { browse: true }) } },
  }),
  'admin GET users/:id/': (v) => ({
    operationId: 'readUser',
    summary: 'Read a user by id',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The user.', schema: users(v) } },
  }),
  'admin GET users/slug/:slug/': (v) => ({
    operationId: 'readUserBySlug',
    summary: 'Read a user by slug',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The user.', schema: users(v) } },
  }),
  'admin GET users/me/': (v) => ({
    operationId: 'readCurrentUser',
    summary: 'Read the signed-in user',
    description: 'Session authentication only: an integration is not a user (403).',
    query: ['fields'],
    responses: { 200: { description: 'The signed-in user.', schema: users(v) } },
  }),
  'admin POST users/': (v) => ({
    operationId: 'addUser',
    summary: 'Add a staff user',
    description: 'With a password and one role the caller may assign.',
    query: ['fields'],
    body: jsonEnvelope('users', userAddInput),
    responses: { 201: { description: 'The new user.', schema: users(v), headers: ['location'] } },
  }),
  'admin PUT users/password/': () => ({
    operationId: 'changePassword',
    summary: "Change a user's password",
    description: 'Your own needs `oldPassword`; a manager may set the password of a user they may edit (`user_id`). Other sessions of that user end.',
    body: jsonEnvelope('password', passwordInput),
    responses: {
      200: {
        description: 'The password was changed.',
        schema: z.object({ password: z.array(z.object({ message: z.string() }).strict()) }).strict(),
      },
    },
    errors: [404, 429],
  }),
  'admin PUT users/:id/': (v) => ({
    operationId: 'editUser',
    summary: 'Edit a user',
    query: ['fields'],
    body: jsonEnvelope('users', userEditInput),
    responses: { 200: { description: 'The user as saved.', schema: users(v), headers: ['x-cache-invalidate'] } },
  }),
  'admin DELETE users/:id/': () => ({
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description: "The user's posts move to the Owner.",
    responses: { 204: { ...noContent('The user is gone.'), headers: ['x-cache-invalidate'] } },
  }),
  'content GET authors/': (v) => ({
    operationId: 'browseAuthors',
    summary: 'Browse authors',
    description: 'Authors of at least one published post. Default order `name asc`.',
    query: [...browseQuery],
    includes,
    responses: { 200: { description: 'A page of authors.', schema: listEnvelope('authors', authorSchema(v), { browse: true }) } },
  }),
  'content GET authors/:id/': (v) => ({
    operationId: 'readAuthor',
    summary: 'Read an author by id',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The author.', schema: listEnvelope('authors', authorSchema(v)) } },
  }),
  'content GET authors/slug/:slug/': (v) => ({
    operationId: 'readAuthorBySlug',
    summary: 'Read an author by slug',
    query: [...readQuery],
    includes,
    responses: { 200: { description: 'The author.', schema: listEnvelope('authors', authorSchema(v)) } },
  }),
  'admin GET roles/': () => ({
    operationId: 'browseRoles',
    summary: 'Browse roles',
    query: ['permissions'],
    responses: { 200: { description: 'The roles.', schema: listEnvelope('roles', role) } },
  }),
  'admin POST session/': () => ({
    operationId: 'signIn',
    summary: 'Sign in',
    description:
      'A plain `{username, password}` object, not the envelope, with an `Origin` (or `Referer`) header: later requests with the ' +
      'session must come from that origin. Failed attempts are limited per email and per client address (429).',
    body: { type: 'json', schema: credentialsInput },
    responses: { 201: { description: 'Signed in: the session cookie is set; no body.', headers: ['set-cookie'] } },
    errors: [400, 401, 403, 413, 415, 422, 429],
  }),
  'admin GET session/': (v) => ({
    operationId: 'readSession',
    summary: 'Read the signed-in user',
    // v5 answers with the user itself, v2 and v3 with `{users: [user]}`
    responses: { 200: { description: 'The user of this session.', schema: v === 'v5' ? userSchema(v) : users(v) } },
  }),
  'admin DELETE session/': () => ({
    operationId: 'signOut',
    summary: 'Sign out',
    responses: { 204: { description: 'The session is gone; the cookie is cleared.', headers: ['set-cookie'] } },
  }),
  'admin GET authentication/setup/': () => ({
    operationId: 'readSetup',
    summary: 'Whether setup is done',
    responses: {
      200: {
        description: '`status` is true once the Owner exists.',
        schema: z.object({ setup: z.array(z.object({ status: z.boolean() }).strict()) }).strict(),
      },
    },
  }),
  'admin POST authentication/setup/': (v) => ({
    operationId: 'setup',
    summary: 'Create the Owner and name the site',
    description: 'Allowed once (403 `SETUP_DONE` afterwards). `blogTitle`, as the reference admin client sends it, is the site title.',
    body: jsonEnvelope('setup', setupInput.extend({ blogTitle: setupInput.shape.title })),
    responses: { 201: { description: 'The Owner.', schema: users(v) } },
    errors: [403, 413, 415, 422],
  }),
};
