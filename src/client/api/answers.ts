import type {
  Answer,
  AnswerResponse,
  AnswersResponse,
  SaveAnswerRequest,
} from '../../shared/api/answers.ts';
import type { Ok } from '../../shared/api/common.ts';
import { type PostOptions, postJson } from './post-json.ts';

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
  };
}

export function postAnswerSave(answer: Answer, options?: PostOptions) {
  return postJson<AnswerResponse>('/api/answer/save', { answer: answerInput(answer) }, options);
}

export function postAnswerDelete(answerId: string) {
  return postJson<Ok>('/api/answer/delete', { answer_id: answerId });
}

export function fetchUserAnswers(userId: string) {
  return postJson<AnswersResponse>('/api/user/answers', { _id: userId });
}
