import type { z } from 'zod';
import {
  adminAnswersResponse,
  adminAuditResponse,
  adminListResponse,
  adminNameRequest,
  adminPageRequest,
  adminUsersResponse,
} from './admin.ts';
import {
  answerResponse,
  answersResponse,
  deleteAnswerRequest,
  getAnswerRequest,
  saveAnswerRequest,
  saveRefusedResponse,
  userAnswersRequest,
} from './answers.ts';
import { goneResponse, okResponse } from './common.ts';
import { encryptionResponse, setEncryptionRequest } from './encryption.ts';
import { healthResponse, notReadyResponse, readyResponse } from './health.ts';
import { offlineSaveRequest, offlineSaveResponse } from './offline.ts';
import {
  answerPhotosRequest,
  deletePhotoRequest,
  photoPublishQuery,
  photoReplaceQuery,
  photoResponse,
  photosResponse,
  photoUploadQuery,
} from './photos.ts';
import {
  categoriesResponse,
  createPromptRequest,
  promptIdRequest,
  promptResponse,
  promptsResponse,
  savePromptRequest,
  todayPromptRequest,
  todayPromptResponse,
  todayPromptUpdateRequest,
  userPromptsRequest,
} from './prompts.ts';
import {
  changePasswordRequest,
  forgotPasswordRequest,
  recoverWithCodeRequest,
  recoveryCodesResponse,
  recoveryMethodsResponse,
  regenerateRecoveryCodesRequest,
  resetPasswordRequest,
} from './recovery.ts';
import {
  reminderKeyResponse,
  reminderResponse,
  subscribeRequest,
  unsubscribeRequest,
} from './reminders.ts';
import { revokeTokenRequest, tokenRequest, tokenResponse, tokensResponse } from './tokens.ts';
import {
  importPreviewResponse,
  importQuery,
  importResponse,
  markdownExportRequest,
  userExportResponse,
} from './transfer.ts';
import {
  codeRequest,
  createUserRequest,
  deleteAccountRequest,
  forgetPasscodeRequest,
  loginRequest,
  ownUserRequest,
  pictureUploadResponse,
  profilePictureRequest,
  resetRequest,
  signupRequest,
  signupResponse,
  streakRequest,
  updateUserRequest,
  userResponse,
} from './users.ts';
import {
  feedAnswerResponse,
  likeAnswerRequest,
  otherUserRequest,
  otherUserResponse,
  reportAnswerRequest,
  reportedAnswersResponse,
  shareAnswerRequest,
  sharedAnswersRequest,
  sharedAnswersResponse,
  unshareAnswerRequest,
  updateSharedCopyRequest,
} from './world.ts';

// Every call the server answers, by path (decision 025): its method, who may call it, the body
// it takes and every field its answer may carry. The server registers each JSON route from here
// (validating the body and serialising the answer through these schemas, so nothing a schema
// does not list leaves), the client's `api()` takes its types from here (a wrong body or a
// misread answer is a compile error), and /api/openapi.json is generated from here. The client
// imports this file for its types only: zod stays out of the browser's first load.

/** Who may call: anyone, any session (anonymous too), a named account, an admin. */
export type Access = 'anyone' | 'user' | 'named' | 'admin';

/** What an answer is when it is not JSON checked against a schema. */
type MediaType =
  | 'text/plain'
  | 'text/event-stream'
  | 'image/webp'
  /** Bytes only their owner's device can read (a sealed photo, docs/ENCRYPTION.md). */
  | 'application/octet-stream'
  | 'application/zip'
  /** JSON that is not ours to list field by field (the OpenAPI document itself). */
  | 'application/json';

export type Endpoint = {
  method: 'GET' | 'POST';
  summary: string;
  access: Access;
  /** The JSON body, parsed before the handler runs; 'multipart' for uploads; absent: none. */
  body?: z.ZodType | 'multipart';
  /** The query string, parsed like a body. */
  query?: z.ZodType;
  /** The 200 answer, listing every field that may leave the server; or a media type. */
  response: z.ZodType | MediaType | readonly MediaType[];
  /** Other statuses whose answer is more than `{ error }` (a save's 409 with the current answer). */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /**
   * The `{ error }` answers this call gives for reasons of its own (not found, taken, gone), and
   * why. What every call of its kind may answer (a body its schema refuses, no session, an
   * anonymous caller of a named-only call, a cross-site POST, too many requests, the database
   * away) is derived for /api/openapi.json from the rest of the entry and the route itself.
   */
  errors?: Readonly<Partial<Record<ErrorStatus, string>>>;
};

/** The error statuses a call may list in `errors`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

export const endpoints = {
  '/healthz': { method: 'GET', summary: 'Liveness', access: 'anyone', response: healthResponse },
  '/readyz': {
    method: 'GET',
    summary: 'Readiness (the database answers)',
    access: 'anyone',
    response: readyResponse,
    otherResponses: { 503: notReadyResponse },
    errors: { 503: 'Not ready: the server is stopping, or the database is down or read-only' },
  },
  '/metrics': {
    method: 'GET',
    summary: 'Prometheus metrics (METRICS_TOKEN as a bearer token; 404 while it is unset)',
    access: 'anyone',
    response: 'text/plain',
    errors: {
      401: 'No METRICS_TOKEN, or the wrong one, as the bearer token',
      404: 'METRICS_TOKEN is not set: there are no metrics',
    },
  },
  '/media/pictures/*': {
    method: 'GET',
    summary: 'An uploaded picture',
    access: 'anyone',
    response: 'image/webp',
    errors: { 404: 'No such picture' },
  },
  '/api/openapi.json': {
    method: 'GET',
    summary: 'This document',
    access: 'anyone',
    response: 'application/json',
  },
  '/api/categories': {
    method: 'POST',
    summary: 'The prompt categories',
    access: 'anyone',
    response: categoriesResponse,
  },
  '/api/user/create': {
    method: 'POST',
    summary: 'Start an anonymous user (sets the session cookie)',
    access: 'anyone',
    body: createUserRequest,
    response: userResponse,
    errors: { 409: 'That user id is taken' },
  },
  '/api/signup': {
    method: 'POST',
    summary: 'Turn the anonymous user into an account',
    access: 'user',
    body: signupRequest,
    response: signupResponse,
    errors: { 409: 'Already signed up, or the name or e-mail is taken' },
  },
  '/api/login': {
    method: 'POST',
    summary: 'Log in (sets the session cookie)',
    access: 'anyone',
    body: loginRequest,
    response: userResponse,
    errors: {
      401: 'Wrong name or password',
      429: 'Too many failed logins on this account: wait for Retry-After',
    },
  },
  '/api/logout': {
    method: 'POST',
    summary: 'End the session (with a bearer token: end that token)',
    access: 'anyone',
    response: okResponse,
  },
  '/api/token': {
    method: 'POST',
    summary: 'A bearer token for another client (the iOS app, a script)',
    access: 'anyone',
    body: tokenRequest,
    response: tokenResponse,
    errors: {
      401: 'Wrong name or password',
      403: 'An anonymous user: sign up first',
      429: 'Too many failed logins on this account: wait for Retry-After',
    },
  },
  '/api/tokens': {
    method: 'POST',
    summary: 'The devices signed in with a token',
    access: 'user',
    response: tokensResponse,
  },
  '/api/token/revoke': {
    method: 'POST',
    summary: 'Sign a device out',
    access: 'user',
    body: revokeTokenRequest,
    response: okResponse,
    errors: { 404: 'No device of yours has that id' },
  },
  '/api/user/delete': {
    method: 'POST',
    summary: 'Delete the account and everything in it',
    access: 'user',
    body: deleteAccountRequest,
    response: okResponse,
    errors: { 403: 'Wrong password', 429: 'Too many failed password checks on this account' },
  },
  '/api/password/recovery': {
    method: 'GET',
    summary: 'Whether the way back in is e-mail or recovery codes',
    access: 'anyone',
    response: recoveryMethodsResponse,
  },
  '/api/password/forgot': {
    method: 'POST',
    summary: 'Mail a password reset link',
    access: 'anyone',
    body: forgotPasswordRequest,
    response: okResponse,
    errors: {
      404: 'This Müse sends no e-mail: use a recovery code',
      429: 'Too many attempts for this account',
    },
  },
  '/api/password/reset': {
    method: 'POST',
    summary: 'Set a new password with a reset link',
    access: 'anyone',
    body: resetPasswordRequest,
    response: okResponse,
    errors: { 400: 'The reset link is not valid any more', 429: 'Too many attempts' },
  },
  '/api/password/recover': {
    method: 'POST',
    summary: 'Set a new password with a recovery code',
    access: 'anyone',
    body: recoverWithCodeRequest,
    response: okResponse,
    errors: { 400: 'That code does not match', 429: 'Too many attempts for this account' },
  },
  '/api/password/change': {
    method: 'POST',
    summary:
      'Change the password: the current one is checked (login throttle); every other session and token ends',
    access: 'named',
    body: changePasswordRequest,
    response: okResponse,
    errors: {
      403: 'Wrong password',
      409: 'The entries are encrypted and no key bundle for the new password came with it',
      429: 'Too many failed password checks on this account',
    },
  },
  '/api/user/recovery-codes': {
    method: 'POST',
    summary: 'New recovery codes',
    access: 'named',
    body: regenerateRecoveryCodesRequest,
    response: recoveryCodesResponse,
    errors: {
      403: 'Wrong password, or a bearer token (only a browser session may)',
      429: 'Too many failed password checks on this account',
    },
  },
  '/api/user': {
    method: 'POST',
    summary: 'The caller’s own user',
    access: 'user',
    body: ownUserRequest,
    response: userResponse,
    errors: { 404: 'An id that is not the caller’s' },
  },
  '/api/user/export': {
    method: 'POST',
    summary: 'Everything of the caller’s, as JSON',
    access: 'user',
    response: userExportResponse,
  },
  '/api/user/export/markdown': {
    method: 'POST',
    summary: 'The journal as Markdown files in a zip, named by the days in the person’s zone',
    access: 'user',
    body: markdownExportRequest,
    response: 'application/zip',
  },
  '/api/user/import/preview': {
    method: 'POST',
    summary: 'What an import would add',
    access: 'user',
    body: 'multipart',
    query: importQuery,
    response: importPreviewResponse,
    errors: {
      400: 'No file, or one that cannot be read',
      403: 'Encrypted entries, and encryption is off for the account',
      409: 'Words, and the journal is encrypted (its device reads the file and encrypts them)',
      413: 'The file is too large',
      415: 'Not multipart/form-data',
      429: 'Over the hour’s write allowance',
    },
  },
  '/api/user/import': {
    method: 'POST',
    summary: 'Import a journal',
    access: 'user',
    body: 'multipart',
    query: importQuery,
    response: importResponse,
    errors: {
      400: 'No file, or one that cannot be read',
      403: 'Encrypted entries, and encryption is off for the account',
      409: 'This file is already being imported; or words, and the journal is encrypted',
      413: 'The file is too large, or unpacks too large',
      415: 'Not multipart/form-data',
      429: 'Over the hour’s write allowance',
    },
  },
  '/api/user/update': {
    method: 'POST',
    summary: 'Change name or e-mail',
    access: 'named',
    body: updateUserRequest,
    response: userResponse,
    errors: { 403: 'Not the caller’s account', 409: 'The name or e-mail is taken' },
  },
  '/api/user/profilePicture': {
    method: 'POST',
    summary: 'Set the profile picture',
    access: 'named',
    body: profilePictureRequest,
    response: userResponse,
    errors: {
      400: 'Upload the picture first',
      403: 'Not the caller’s account, or not their picture',
    },
  },
  '/api/user/picture': {
    method: 'POST',
    summary: 'Upload a picture',
    access: 'named',
    body: 'multipart',
    response: pictureUploadResponse,
    errors: {
      400: 'No picture was sent',
      413: 'The picture is too large or has too many pixels',
      415: 'Not multipart/form-data, or not a picture',
    },
  },
  '/api/user/streak': {
    method: 'POST',
    summary: 'Count today in the streak',
    access: 'user',
    body: streakRequest,
    response: userResponse,
    errors: { 403: 'Not the caller’s account' },
  },
  '/api/user/reset': {
    method: 'POST',
    summary: 'Reset the streak',
    access: 'user',
    body: resetRequest,
    response: userResponse,
    errors: { 403: 'Not the caller’s account' },
  },
  '/api/user/code': {
    method: 'POST',
    summary:
      'Set, change or clear the passcode; changing or clearing one that is set takes `current` (the passcode or the password, login throttle)',
    access: 'named',
    body: codeRequest,
    response: userResponse,
    errors: {
      403: 'Not the caller’s account, or the current passcode or password is missing or wrong',
      429: 'Too many wrong tries',
    },
  },
  '/api/user/code/forget': {
    method: 'POST',
    summary: 'Remove a forgotten passcode after a fresh login',
    access: 'named',
    body: forgetPasscodeRequest,
    response: userResponse,
    errors: { 403: 'Not the caller’s account, or no fresh password login' },
  },
  '/api/user/answers': {
    method: 'POST',
    summary: 'The caller’s answers',
    access: 'user',
    body: userAnswersRequest,
    response: answersResponse,
    errors: { 404: 'An id that is not the caller’s' },
  },
  '/api/user/other': {
    method: 'POST',
    summary: 'Another person’s public profile',
    access: 'anyone',
    body: otherUserRequest,
    response: otherUserResponse,
    errors: { 404: 'No such user' },
  },
  '/api/encryption/get': {
    method: 'POST',
    summary:
      'The key bundle of an account whose private entries are encrypted on its devices (docs/ENCRYPTION.md); null while off',
    access: 'named',
    response: encryptionResponse,
  },
  '/api/encryption/set': {
    method: 'POST',
    summary:
      'Turn encryption on, rewrap its key (a new password or recovery key), or turn it off once no entry or photo is encrypted; takes the password (login throttle)',
    access: 'named',
    body: setEncryptionRequest,
    response: encryptionResponse,
    errors: {
      403: 'The password is missing or wrong',
      409: 'Turning off while entries or photos are still encrypted',
      429: 'Too many wrong tries',
    },
  },
  '/api/reminders/key': {
    method: 'POST',
    summary: 'The Web Push public key',
    access: 'user',
    response: reminderKeyResponse,
  },
  '/api/reminders/subscribe': {
    method: 'POST',
    summary: 'Ask for a daily reminder on this device',
    access: 'user',
    body: subscribeRequest,
    response: reminderResponse,
  },
  '/api/reminders/unsubscribe': {
    method: 'POST',
    summary: 'Stop this device’s reminder',
    access: 'user',
    body: unsubscribeRequest,
    response: okResponse,
    errors: { 404: 'No reminder for that device' },
  },
  '/api/answer/save': {
    method: 'POST',
    summary: 'Save an answer',
    access: 'user',
    body: saveAnswerRequest,
    response: answerResponse,
    // 409: a save from an older revision (the current answer comes along), or words for an
    // account whose entries are encrypted (docs/ENCRYPTION.md).
    otherResponses: { 409: saveRefusedResponse },
    errors: {
      403: 'Not the caller’s account, or an encrypted entry while encryption is off',
      404: 'Someone else’s answer',
      410: 'That answer was deleted',
    },
  },
  '/api/answer/get': {
    method: 'POST',
    summary: 'One own answer',
    access: 'user',
    body: getAnswerRequest,
    response: answerResponse,
    errors: { 404: 'No such answer of the caller’s' },
  },
  '/api/answer/delete': {
    method: 'POST',
    summary: 'Delete an own answer',
    access: 'user',
    body: deleteAnswerRequest,
    response: okResponse,
    errors: { 404: 'No such answer of the caller’s' },
  },
  '/api/answer/photo/upload': {
    method: 'POST',
    summary: 'Attach a photo to an own entry (re-encoded; EXIF and location dropped unless kept)',
    access: 'user',
    body: 'multipart',
    query: photoUploadQuery,
    response: photoResponse,
    errors: {
      400: 'No photo was sent',
      403: 'An encrypted photo for an account whose entries are not encrypted',
      404: 'Not one of the caller’s entries (or not on the server yet)',
      409: 'The entry holds the most photos it may (10), the upload key names a photo of another entry, or a photo in words for an account whose entries are encrypted',
      413: 'The photo is too large or has too many pixels',
      415: 'Not multipart/form-data, or not a photo',
    },
  },
  '/api/answer/photo/replace': {
    method: 'POST',
    summary:
      'Send an own photo’s bytes again in the other form: sealed when encryption is turned on, in words when it is turned off (taken while the key bundle is still there); the photo keeps its id and place. Replaced meanwhile by another call: answers the photo as it now is',
    access: 'user',
    body: 'multipart',
    query: photoReplaceQuery,
    response: photoResponse,
    errors: {
      400: 'No photo was sent',
      403: 'An encrypted photo for an account whose entries are not encrypted',
      404: 'No such photo of the caller’s',
      413: 'The photo is too large or has too many pixels',
      415: 'Not multipart/form-data, or not a photo',
    },
  },
  '/api/user/photos': {
    method: 'POST',
    summary: 'Every photo of the caller’s, entry by entry in order (no bytes)',
    access: 'user',
    response: photosResponse,
  },
  '/api/answer/photos': {
    method: 'POST',
    summary: 'The photos of an own entry',
    access: 'user',
    body: answerPhotosRequest,
    response: photosResponse,
  },
  '/api/answer/photo/delete': {
    method: 'POST',
    summary: 'Remove a photo from an own entry',
    access: 'user',
    body: deletePhotoRequest,
    response: okResponse,
    errors: { 404: 'No such photo of the caller’s' },
  },
  '/api/answer/photo/:photo_id': {
    method: 'GET',
    summary:
      'One of the caller’s own photos (404 to anyone else, with a session or without): WebP, or for an encrypted one its sealed bytes (application/octet-stream)',
    access: 'anyone',
    response: ['image/webp', 'application/octet-stream'],
    errors: { 404: 'No such photo of the caller’s: anyone else, admins and no session included' },
  },
  '/api/answer/shared': {
    method: 'POST',
    summary: 'The world: shared answers, newest first',
    access: 'anyone',
    body: sharedAnswersRequest,
    response: sharedAnswersResponse,
  },
  '/api/world/live': {
    method: 'GET',
    summary: 'The world as it changes (server-sent events: x-events names each and its data)',
    access: 'anyone',
    response: 'text/event-stream',
    errors: {
      429: 'Too many live streams from this network',
      503: 'This instance holds all the streams it can, or is stopping',
    },
  },
  '/api/answer/share': {
    method: 'POST',
    summary: 'Share an own answer with the world',
    access: 'named',
    body: shareAnswerRequest,
    response: answerResponse,
    errors: {
      400: 'An empty answer',
      404: 'No such answer of the caller’s',
      409: 'Shown by name already',
    },
  },
  '/api/answer/photo/publish': {
    method: 'POST',
    summary:
      'Add a sealed photo to the world’s copy of its shared entry, from the image its owner’s device opened (re-encoded, no metadata)',
    access: 'named',
    body: 'multipart',
    query: photoPublishQuery,
    response: okResponse,
    errors: {
      400: 'No photo was sent',
      404: 'No such photo of the caller’s',
      409: 'The photo is not sealed (a share publishes it), or its entry is not shared',
      413: 'The photo is too large or has too many pixels',
      415: 'Not multipart/form-data, or not a photo',
    },
  },
  '/api/answer/unshare': {
    method: 'POST',
    summary: 'Take an answer back from the world',
    access: 'named',
    body: unshareAnswerRequest,
    response: answerResponse,
    errors: { 404: 'No such answer of the caller’s' },
  },
  '/api/answer/share/update': {
    method: 'POST',
    summary: 'Update the world’s copy of a shared answer',
    access: 'named',
    body: updateSharedCopyRequest,
    response: answerResponse,
    errors: { 400: 'Empty text', 404: 'No such shared answer of the caller’s' },
  },
  '/api/answer/like': {
    method: 'POST',
    summary: 'Love a shared answer',
    access: 'named',
    body: likeAnswerRequest,
    response: feedAnswerResponse,
    errors: { 403: 'The caller’s own answer', 404: 'No such shared answer' },
  },
  '/api/answer/unlike': {
    method: 'POST',
    summary: 'Take a love back',
    access: 'named',
    body: likeAnswerRequest,
    response: feedAnswerResponse,
    errors: { 403: 'The caller’s own answer', 404: 'No such shared answer' },
  },
  '/api/answer/report': {
    method: 'POST',
    summary: 'Report a shared answer',
    access: 'named',
    body: reportAnswerRequest,
    response: feedAnswerResponse,
    errors: { 403: 'The caller’s own answer', 404: 'No such shared answer' },
  },
  '/api/answer/unreport': {
    method: 'POST',
    summary: 'Take a report back',
    access: 'named',
    body: reportAnswerRequest,
    response: feedAnswerResponse,
    errors: { 403: 'The caller’s own answer', 404: 'No such shared answer' },
  },
  '/api/answer/reported': {
    method: 'GET',
    summary: 'Reported answers',
    access: 'admin',
    response: reportedAnswersResponse,
  },
  '/api/admin/answer/unshare': {
    method: 'POST',
    summary: 'Remove an answer from the world',
    access: 'admin',
    body: unshareAnswerRequest,
    response: okResponse,
    errors: { 404: 'No such shared answer' },
  },
  '/api/admin/answer/clear-reports': {
    method: 'POST',
    summary: 'Clear every flag on a shared answer (it stays in the world)',
    access: 'admin',
    body: unshareAnswerRequest,
    response: okResponse,
    errors: { 404: 'No such shared answer' },
  },
  '/api/prompt/create': {
    method: 'POST',
    summary: 'Suggest a prompt',
    access: 'named',
    body: createPromptRequest,
    response: promptResponse,
    errors: { 409: 'That prompt id is taken' },
  },
  '/api/admin/prompt/create': {
    method: 'POST',
    summary: 'Add an approved prompt',
    access: 'admin',
    body: createPromptRequest,
    response: promptResponse,
    errors: { 409: 'That prompt id is taken' },
  },
  '/api/prompt/save': {
    method: 'POST',
    summary: 'Edit a prompt',
    access: 'named',
    body: savePromptRequest,
    response: promptResponse,
    errors: { 403: 'Neither its author nor an admin', 404: 'No such prompt' },
  },
  '/api/prompt/delete': {
    method: 'POST',
    summary: 'Delete a prompt',
    access: 'named',
    body: promptIdRequest,
    response: okResponse,
    errors: { 403: 'Neither its author nor an admin', 404: 'No such prompt' },
  },
  '/api/prompt/approve': {
    method: 'POST',
    summary: 'Approve a prompt',
    access: 'admin',
    body: promptIdRequest,
    response: promptResponse,
    errors: { 404: 'No such prompt' },
  },
  '/api/prompt/reject': {
    method: 'POST',
    summary: 'Reject a prompt',
    access: 'admin',
    body: promptIdRequest,
    response: promptResponse,
    errors: { 404: 'No such prompt' },
  },
  '/api/prompts/approved': {
    method: 'POST',
    summary: 'The approved prompts',
    access: 'anyone',
    response: promptsResponse,
  },
  '/api/prompts/user': {
    method: 'POST',
    summary: 'The caller’s own prompts',
    access: 'user',
    body: userPromptsRequest,
    response: promptsResponse,
    errors: { 404: 'An id that is not the caller’s' },
  },
  '/api/prompts/submitted': {
    method: 'POST',
    summary: 'Prompts waiting for review',
    access: 'admin',
    response: promptsResponse,
  },
  '/api/prompt/today': {
    method: 'POST',
    summary: 'Today’s prompt',
    access: 'anyone',
    body: todayPromptRequest,
    response: todayPromptResponse,
    errors: { 404: 'There are no approved prompts yet' },
  },
  '/api/prompt/today/update': {
    method: 'POST',
    summary: 'The prompt that stands for today (the server chooses it)',
    access: 'anyone',
    body: todayPromptUpdateRequest,
    response: todayPromptResponse,
    errors: { 404: 'No such prompt for that day' },
  },
  '/api/admin': {
    method: 'POST',
    summary: 'The admins',
    access: 'anyone',
    response: adminListResponse,
  },
  '/api/admin/add': {
    method: 'POST',
    summary: 'Make someone an admin',
    access: 'admin',
    body: adminNameRequest,
    response: adminListResponse,
    errors: { 404: 'No user by that name' },
  },
  '/api/admin/remove': {
    method: 'POST',
    summary: 'Remove an admin',
    access: 'admin',
    body: adminNameRequest,
    response: adminListResponse,
    errors: { 404: 'No user by that name', 409: 'The last admin, or one named in MUSE_ADMINS' },
  },
  '/api/admin/users': {
    method: 'POST',
    summary: 'Users, a page',
    access: 'admin',
    body: adminPageRequest,
    response: adminUsersResponse,
  },
  '/api/admin/answers': {
    method: 'POST',
    summary: 'Answers, a page',
    access: 'admin',
    body: adminPageRequest,
    response: adminAnswersResponse,
  },
  '/api/admin/audit': {
    method: 'POST',
    summary: 'The admin audit log',
    access: 'admin',
    body: adminPageRequest,
    response: adminAuditResponse,
  },
  '/api/changeLife': {
    method: 'POST',
    summary: 'Gone: always 410 (decision 006)',
    access: 'anyone',
    response: goneResponse,
    errors: { 410: 'Always: this call no longer exists (decision 006)' },
  },
  '/api/offline/save': {
    method: 'POST',
    summary: 'What the client did offline',
    access: 'user',
    body: offlineSaveRequest,
    response: offlineSaveResponse,
    errors: {
      403: 'Not the caller’s account',
      409: 'Words for an account whose entries are encrypted: sealed on the device first',
    },
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type ApiPath = keyof Endpoints;

/**
 * Paths with a schema for their body or their answer: what the server registers with route().
 * The rest (metrics, pictures, the live stream, this document) are registered by their plugins.
 */
export type SchemaPath = {
  [P in ApiPath]: Endpoints[P]['response'] extends z.ZodType
    ? P
    : Endpoints[P] extends { body: z.ZodType }
      ? P
      : never;
}[ApiPath];

type BodySchemaOf<P extends ApiPath> = Endpoints[P] extends { body: infer B } ? B : undefined;
type QuerySchemaOf<P extends ApiPath> = Endpoints[P] extends { query: infer Q } ? Q : undefined;

/** What a caller sends: the schema's input (before defaults); an upload's form; or nothing. */
export type RequestOf<P extends ApiPath> =
  BodySchemaOf<P> extends z.ZodType
    ? z.input<BodySchemaOf<P>>
    : BodySchemaOf<P> extends 'multipart'
      ? FormData
      : undefined;

/** What the server's handler receives: the schema's output (defaults and transforms applied). */
export type ParsedRequestOf<P extends ApiPath> =
  BodySchemaOf<P> extends z.ZodType ? z.output<BodySchemaOf<P>> : unknown;

export type QueryOf<P extends ApiPath> =
  QuerySchemaOf<P> extends z.ZodType ? z.input<QuerySchemaOf<P>> : undefined;
export type ParsedQueryOf<P extends ApiPath> =
  QuerySchemaOf<P> extends z.ZodType ? z.output<QuerySchemaOf<P>> : unknown;

/** What the caller gets: the 200 answer's schema output; a Blob for what is not JSON. */
export type ResponseOf<P extends ApiPath> = Endpoints[P]['response'] extends z.ZodType
  ? z.output<Endpoints[P]['response']>
  : Blob;

/**
 * What a handler may return for a 200: anything the schema accepts (extra fields are dropped);
 * for a file, what Fastify can send.
 */
export type HandlerResultOf<P extends SchemaPath> = Endpoints[P]['response'] extends z.ZodType
  ? z.input<Endpoints[P]['response']>
  : unknown;
