import type {
  Answer,
  AnswerConflictResponse,
  AnswerResponse,
  AnswersResponse,
  SaveAnswerRequest,
} from '#shared/api/answers.ts';
import type { Ok } from '#shared/api/common.ts';
import { ApiError, type PostOptions, postJson } from './post-json.ts';

// Typed calls for the caller's own answers (SPEC §7; schemas in src/shared/api/answers.ts).

/** Only the fields the save schema accepts: the server decides the rest (likes, sharing…). */
export function answerInput(answer: Answer): SaveAnswerRequest['answer'] {
  return {
    _id: answer._id,
    prompt_id: answer.prompt_id,
    prompt_title: answer.prompt_title,
    text: answer.text,
    type: answer.type,
    categories: answer.categories,
    answered: answer.answered,
    modified: answer.modified,
    user_id: answer.user_id,
    // Decision 013: the revision this text was written from; 0 = new to the server.
    base_revision: answer.revision ?? 0,
  };
}

export function postAnswerSave(answer: Answer, options?: PostOptions) {
  return postJson<AnswerResponse>('/api/answer/save', { answer: answerInput(answer) }, options);
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
export function fetchAnswer(answerId: string, options?: PostOptions) {
  return postJson<AnswerResponse>('/api/answer/get', { answer_id: answerId }, options);
}

export function postAnswerDelete(answerId: string) {
  return postJson<Ok>('/api/answer/delete', { answer_id: answerId });
}

export function fetchUserAnswers(userId: string) {
  return postJson<AnswersResponse>('/api/user/answers', { _id: userId });
}
