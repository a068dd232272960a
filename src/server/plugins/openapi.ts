import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminNameRequest, adminPageRequest } from '#shared/api/admin.ts';
import {
  deleteAnswerRequest,
  getAnswerRequest,
  saveAnswerRequest,
  userAnswersRequest,
} from '#shared/api/answers.ts';
import { offlineSaveRequest } from '#shared/api/offline.ts';
import {
  createPromptRequest,
  promptIdRequest,
  savePromptRequest,
  todayPromptRequest,
  todayPromptUpdateRequest,
  userPromptsRequest,
} from '#shared/api/prompts.ts';
import {
  forgotPasswordRequest,
  recoverWithCodeRequest,
  regenerateRecoveryCodesRequest,
  resetPasswordRequest,
} from '#shared/api/recovery.ts';
import { subscribeRequest, unsubscribeRequest } from '#shared/api/reminders.ts';
import { revokeTokenRequest, tokenRequest } from '#shared/api/tokens.ts';
import { markdownExportRequest } from '#shared/api/transfer.ts';
import {
  codeRequest,
  createUserRequest,
  deleteAccountRequest,
  forgetPasscodeRequest,
  loginRequest,
  ownUserRequest,
  profilePictureRequest,
  resetRequest,
  signupRequest,
  streakRequest,
  updateUserRequest,
} from '#shared/api/users.ts';
import {
  likeAnswerRequest,
  otherUserRequest,
  reportAnswerRequest,
  shareAnswerRequest,
  sharedAnswersRequest,
  unshareAnswerRequest,
  updateSharedCopyRequest,
} from '#shared/api/world.ts';

// Issue 17 B: the API as an OpenAPI 3.1 document, its request bodies generated from the same
// zod schemas the routes parse with (zod 4's z.toJSONSchema, JSON Schema 2020-12 as 3.1 uses).
// Every registered route needs an entry here: a test compares this table with app.museRoutes,
// like the authorization matrix, so a new call cannot ship undocumented.

export const OPENAPI_PATH = '/api/openapi.json';

/** Who may call: anyone, any session (anonymous too), a named account, an admin. */
type Access = 'anyone' | 'user' | 'named' | 'admin';

type Operation = {
  summary: string;
  access: Access;
  /** The JSON body the route parses; none for calls that take no body. */
  body?: z.ZodType;
  /** Uploads take a file as multipart/form-data instead of JSON. */
  multipart?: true;
  /** What the answer is when it is not JSON. */
  produces?: string;
};

const OPERATIONS: Record<string, Operation> = {
  'GET /healthz': { summary: 'Liveness', access: 'anyone' },
  'GET /readyz': { summary: 'Readiness (the database answers)', access: 'anyone' },
  'GET /metrics': {
    summary: 'Prometheus metrics (MUSE_METRICS_TOKEN as a bearer token when set)',
    access: 'anyone',
    produces: 'text/plain',
  },
  'GET /media/pictures/*': {
    summary: 'An uploaded picture',
    access: 'anyone',
    produces: 'image/webp',
  },
  [`GET ${OPENAPI_PATH}`]: { summary: 'This document', access: 'anyone' },
  'POST /api/categories': { summary: 'The prompt categories', access: 'anyone' },
  'POST /api/user/create': {
    summary: 'Start an anonymous user (sets the session cookie)',
    access: 'anyone',
    body: createUserRequest,
  },
  'POST /api/signup': {
    summary: 'Turn the anonymous user into an account',
    access: 'user',
    body: signupRequest,
  },
  'POST /api/login': {
    summary: 'Log in (sets the session cookie)',
    access: 'anyone',
    body: loginRequest,
  },
  'POST /api/logout': { summary: 'End the session', access: 'anyone' },
  'POST /api/token': {
    summary: 'A bearer token for another client (the iOS app, a script)',
    access: 'anyone',
    body: tokenRequest,
  },
  'POST /api/tokens': { summary: 'The devices signed in with a token', access: 'user' },
  'POST /api/token/revoke': {
    summary: 'Sign a device out',
    access: 'user',
    body: revokeTokenRequest,
  },
  'POST /api/user/delete': {
    summary: 'Delete the account and everything in it',
    access: 'user',
    body: deleteAccountRequest,
  },
  'GET /api/password/recovery': {
    summary: 'Whether the way back in is e-mail or recovery codes',
    access: 'anyone',
  },
  'POST /api/password/forgot': {
    summary: 'Mail a password reset link',
    access: 'anyone',
    body: forgotPasswordRequest,
  },
  'POST /api/password/reset': {
    summary: 'Set a new password with a reset link',
    access: 'anyone',
    body: resetPasswordRequest,
  },
  'POST /api/password/recover': {
    summary: 'Set a new password with a recovery code',
    access: 'anyone',
    body: recoverWithCodeRequest,
  },
  'POST /api/user/recovery-codes': {
    summary: 'New recovery codes',
    access: 'named',
    body: regenerateRecoveryCodesRequest,
  },
  'POST /api/user': { summary: 'The caller’s own user', access: 'user', body: ownUserRequest },
  'POST /api/user/export': { summary: 'Everything of the caller’s, as JSON', access: 'user' },
  'POST /api/user/export/markdown': {
    summary: 'The journal as Markdown',
    access: 'user',
    body: markdownExportRequest,
    produces: 'text/markdown',
  },
  'POST /api/user/import/preview': {
    summary: 'What an import would add',
    access: 'user',
    multipart: true,
  },
  'POST /api/user/import': { summary: 'Import a journal', access: 'user', multipart: true },
  'POST /api/user/update': {
    summary: 'Change name or e-mail',
    access: 'user',
    body: updateUserRequest,
  },
  'POST /api/user/profilePicture': {
    summary: 'Set the profile picture',
    access: 'user',
    body: profilePictureRequest,
  },
  'POST /api/user/picture': { summary: 'Upload a picture', access: 'user', multipart: true },
  'POST /api/user/streak': {
    summary: 'Count today in the streak',
    access: 'user',
    body: streakRequest,
  },
  'POST /api/user/reset': { summary: 'Reset the streak', access: 'user', body: resetRequest },
  'POST /api/user/code': {
    summary: 'Set or clear the passcode',
    access: 'named',
    body: codeRequest,
  },
  'POST /api/user/code/forget': {
    summary: 'Remove a forgotten passcode after a fresh login',
    access: 'named',
    body: forgetPasscodeRequest,
  },
  'POST /api/user/answers': {
    summary: 'The caller’s answers',
    access: 'user',
    body: userAnswersRequest,
  },
  'POST /api/user/other': {
    summary: 'Another person’s public profile',
    access: 'anyone',
    body: otherUserRequest,
  },
  'POST /api/reminders/key': { summary: 'The Web Push public key', access: 'user' },
  'POST /api/reminders/subscribe': {
    summary: 'Ask for a daily reminder on this device',
    access: 'user',
    body: subscribeRequest,
  },
  'POST /api/reminders/unsubscribe': {
    summary: 'Stop this device’s reminder',
    access: 'user',
    body: unsubscribeRequest,
  },
  'POST /api/answer/save': { summary: 'Save an answer', access: 'user', body: saveAnswerRequest },
  'POST /api/answer/get': { summary: 'One own answer', access: 'user', body: getAnswerRequest },
  'POST /api/answer/delete': {
    summary: 'Delete an own answer',
    access: 'user',
    body: deleteAnswerRequest,
  },
  'POST /api/answer/shared': {
    summary: 'The world: shared answers, newest first',
    access: 'anyone',
    body: sharedAnswersRequest,
  },
  'GET /api/world/live': {
    summary: 'The world as it changes (server-sent events)',
    access: 'anyone',
    produces: 'text/event-stream',
  },
  'POST /api/answer/share': {
    summary: 'Share an own answer with the world',
    access: 'named',
    body: shareAnswerRequest,
  },
  'POST /api/answer/unshare': {
    summary: 'Take an answer back from the world',
    access: 'named',
    body: unshareAnswerRequest,
  },
  'POST /api/answer/share/update': {
    summary: 'Update the world’s copy of a shared answer',
    access: 'named',
    body: updateSharedCopyRequest,
  },
  'POST /api/answer/like': {
    summary: 'Love a shared answer',
    access: 'named',
    body: likeAnswerRequest,
  },
  'POST /api/answer/unlike': {
    summary: 'Take a love back',
    access: 'named',
    body: likeAnswerRequest,
  },
  'POST /api/answer/report': {
    summary: 'Report a shared answer',
    access: 'named',
    body: reportAnswerRequest,
  },
  'POST /api/answer/unreport': {
    summary: 'Take a report back',
    access: 'named',
    body: reportAnswerRequest,
  },
  'GET /api/answer/reported': { summary: 'Reported answers', access: 'admin' },
  'POST /api/admin/answer/unshare': {
    summary: 'Remove an answer from the world',
    access: 'admin',
    body: unshareAnswerRequest,
  },
  'POST /api/prompt/create': {
    summary: 'Suggest a prompt',
    access: 'named',
    body: createPromptRequest,
  },
  'POST /api/admin/prompt/create': {
    summary: 'Add an approved prompt',
    access: 'admin',
    body: createPromptRequest,
  },
  'POST /api/prompt/save': { summary: 'Edit a prompt', access: 'named', body: savePromptRequest },
  'POST /api/prompt/delete': { summary: 'Delete a prompt', access: 'named', body: promptIdRequest },
  'POST /api/prompt/approve': {
    summary: 'Approve a prompt',
    access: 'admin',
    body: promptIdRequest,
  },
  'POST /api/prompt/reject': { summary: 'Reject a prompt', access: 'admin', body: promptIdRequest },
  'POST /api/prompts/approved': { summary: 'The approved prompts', access: 'anyone' },
  'POST /api/prompts/user': {
    summary: 'The caller’s own prompts',
    access: 'user',
    body: userPromptsRequest,
  },
  'POST /api/prompts/submitted': { summary: 'Prompts waiting for review', access: 'admin' },
  'POST /api/prompt/today': {
    summary: 'Today’s prompt',
    access: 'anyone',
    body: todayPromptRequest,
  },
  'POST /api/prompt/today/update': {
    summary: 'Choose another prompt for today',
    access: 'anyone',
    body: todayPromptUpdateRequest,
  },
  'POST /api/admin': { summary: 'The admins', access: 'anyone' },
  'POST /api/admin/add': {
    summary: 'Make someone an admin',
    access: 'admin',
    body: adminNameRequest,
  },
  'POST /api/admin/remove': {
    summary: 'Remove an admin',
    access: 'admin',
    body: adminNameRequest,
  },
  'POST /api/admin/users': { summary: 'Users, a page', access: 'admin', body: adminPageRequest },
  'POST /api/admin/answers': {
    summary: 'Answers, a page',
    access: 'admin',
    body: adminPageRequest,
  },
  'POST /api/admin/audit': {
    summary: 'The admin audit log',
    access: 'admin',
    body: adminPageRequest,
  },
  'POST /api/changeLife': { summary: 'Gone (410)', access: 'anyone' },
  'POST /api/offline/save': {
    summary: 'What the client did offline',
    access: 'user',
    body: offlineSaveRequest,
  },
};

/** OpenAPI path templating for a Fastify route: `:id` → `{id}`, a trailing `*` → `{path}`. */
export function openApiPath(fastifyUrl: string): string {
  return fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

const ACCESS_NOTE: Record<Access, string> = {
  anyone: 'Open to anyone.',
  user: 'Needs a session or a token (an anonymous user will do).',
  named: 'Needs a session or a token of a named account.',
  admin: 'Admins only.',
};

/** A request body's JSON Schema, as the client sends it (before defaults and transforms). */
function bodySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

function operationOf(key: string, operation: Operation) {
  const [method = 'GET', url = '/'] = key.split(' ');
  const pathParameters = [...openApiPath(url).matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const requestBody = operation.multipart
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', contentMediaType: 'application/octet-stream' },
              },
              required: ['file'],
            },
          },
        },
      }
    : operation.body
      ? { required: true, content: { 'application/json': { schema: bodySchema(operation.body) } } }
      : undefined;
  const produces = operation.produces ?? 'application/json';
  return {
    method: method.toLowerCase(),
    path: openApiPath(url),
    value: {
      operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: operation.summary,
      description: ACCESS_NOTE[operation.access],
      ...(pathParameters.length > 0 && { parameters: pathParameters }),
      ...(requestBody && { requestBody }),
      security:
        operation.access === 'anyone'
          ? [{}, { cookieSession: [] }, { bearerToken: [] }]
          : [{ cookieSession: [] }, { bearerToken: [] }],
      responses: {
        '200': { description: 'OK', content: { [produces]: { schema: {} } } },
        default: {
          description: 'An error: 4xx with a short reason',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

/** The whole document, for the routes in OPERATIONS. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, operation] of Object.entries(OPERATIONS)) {
    const { method, path, value } = operationOf(key, operation);
    paths[path] ??= {};
    paths[path][method] = value;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Müse API',
      version: '1',
      description:
        'The API of Müse, a daily reflection journal. Browsers use the session cookie; other ' +
        'clients (the iOS app, scripts) get a bearer token from POST /api/token and send it as ' +
        '`Authorization: Bearer …`. State-changing calls take JSON (uploads: multipart).',
    },
    paths,
    components: {
      securitySchemes: {
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'muse_session',
          description: 'The browser session (POST /api/login, /api/signup, /api/user/create).',
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A device token from POST /api/token; revoke with /api/token/revoke.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { error: { type: 'string' } },
          required: ['error'],
        },
      },
    },
  };
}

/** Every route the document describes, as 'METHOD /path' (the test compares it with the app). */
export const DOCUMENTED_ROUTES = Object.keys(OPERATIONS);

export function registerOpenApi(app: FastifyInstance): void {
  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    // Built once, on first ask: the schemas do not change while the server runs.
    document ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
