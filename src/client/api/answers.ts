import type { Answer, AnswerConflictResponse } from '#shared/api/answers.ts';
import type { RequestOf } from '#shared/api/endpoints.ts';
import { ApiError, api, type CallOptions } from './call.ts';

// Calls for the caller's own answers (SPEC §7; schemas in src/shared/api/answers.ts).

/** Only the fields the save schema accepts: the server decides the rest (likes, sharing…). */
export function answerInput(answer: Answer): RequestOf<'/api/answer/save'>['answer'] {
  return {
    _id: answer._id,
    prompt_id: answer.prompt_id,
    prompt_title: answer.prompt_title,
    text: answer.text,
    type: answer.type,
    categories: answer.categories,
    // Absent on an answer from an old saved state: the server keeps what it has.
    ...(answer.tags ? { tags: answer.tags } : {}),
    answered: answer.answered,
    modified: answer.modified,
    user_id: answer.user_id,
    // Decision 013: the revision this text was written from; 0 = new to the server.
    base_revision: answer.revision ?? 0,
  };
}

/** Sends an answer as the save call takes it (sealed first when encrypted: answer-codec.ts). */
export function postAnswerSave(
  answer: RequestOf<'/api/answer/save'>['answer'],
  options?: CallOptions,
) {
  return api('/api/answer/save', { answer }, options);
}

/** The server's current answer in a 409 from /api/answer/save, else null. */
export function conflictingAnswer(error: unknown): Answer | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as Partial<AnswerConflictResponse> | undefined;
  const answer = data?.answer;
  return answer && typeof answer._id === 'string' && typeof answer.text === 'string'
    ? answer
    : null;
}

/** One of the caller's answers as the server has it now. */
export function fetchAnswer(answerId: string, options?: CallOptions) {
  return api('/api/answer/get', { answer_id: answerId }, options);
}

export function postAnswerDelete(answerId: string) {
  return api('/api/answer/delete', { answer_id: answerId });
}

export function fetchUserAnswers(userId: string) {
  return api('/api/user/answers', { _id: userId });
}
