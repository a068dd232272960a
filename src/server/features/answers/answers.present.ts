import type { OwnAnswerView } from '#server/db/answer-queries.ts';
import { parseStringList } from '#server/db/json-list.ts';
import type { Answer } from '#shared/api/answers.ts';

/** One of the viewer's own answers, for its author only. */
export function presentOwnAnswer(view: OwnAnswerView): Answer {
  return {
    _id: view.id,
    user_id: view.user_id,
    user_name: view.author_name,
    prompt_id: view.prompt_id,
    prompt_title: view.prompt_title,
    answered: view.answered,
    modified: view.modified,
    text: view.text,
    type: view.type,
    categories: parseStringList(view.categories),
    tags: parseStringList(view.tags),
    shared: Number(view.shared) === 1,
    sharedOn: view.shared_on,
    anonymous: Number(view.anonymous) === 1,
    likes: Number(view.likes),
    // The author's own love only: who else loves it is not theirs to know.
    likers: Number(view.viewer_loves) === 1 ? [view.user_id] : [],
    reported: Number(view.viewer_reported) === 1,
    score: Number(view.score),
    // The author's current picture on what they share by name, as the feed shows it.
    profilePicture:
      Number(view.shared) === 1 && Number(view.anonymous) === 0 ? view.author_picture : null,
    revision: Number(view.revision),
    sharedText: Number(view.shared) === 1 ? view.shared_text : null,
    ...(Number(view.encrypted ?? 0) === 1 ? { encrypted: true } : {}),
  };
}
