import type { AnswerView } from '#server/db/answer-queries.ts';
import { parseStringList } from '#server/db/json-list.ts';
import type { FeedAnswer, PublicProfile, ReportedAnswer } from '#shared/api/world.ts';
import { startOfHour } from '#shared/domain/hour.ts';
import { wordScore } from '#shared/domain/score.ts';
import { parseSharedPhotos } from '#shared/domain/shared-photos.ts';
import type { PublicUserRow, ReportedAnswerView } from './world.repo.ts';

/**
 * A shared answer as the viewer (or a visitor, `null`) may see it. Whitelisted field by field:
 * an anonymous answer names no author anywhere, and `likers`/`reported` speak only of the
 * viewer, since the author is a liker of their own answer and a full list would unmask them.
 * The text is the world's copy, never the private text (decision 015): its words, score and
 * time are the copy's too, so a private edit shows nowhere, not even as a changed word count.
 * An anonymous answer carries no score and no time finer than the hour (issue 34 point 3): a
 * score or a moment is what could be laid beside a person's profile to pair the two.
 */
export function presentFeedAnswer(view: AnswerView, viewerId: string | null): FeedAnswer {
  const anonymous = Number(view.anonymous) === 1;
  const loved = viewerId !== null && Number(view.viewer_loves) === 1;
  // A prompt the author wrote names the author (its author shows in their own and the admins'
  // lists), so an anonymous answer to it does not name the prompt.
  const hidePrompt = anonymous && Number(view.own_prompt) === 1;
  const text = view.shared_text ?? '';
  const when = anonymous ? startOfHour : (time: string) => time;
  // Only the public copies its author shared with it (decision 062), never the private photos.
  const photos = parseSharedPhotos(view.shared_photos).map(({ url, width, height }) => ({
    url,
    width,
    height,
  }));
  return {
    _id: view.id,
    user_id: anonymous ? null : view.user_id,
    user_name: anonymous ? '' : view.author_name,
    prompt_id: hidePrompt ? null : view.prompt_id,
    prompt_title: hidePrompt ? '' : view.prompt_title,
    answered: when(view.answered),
    modified: when(view.shared_modified ?? view.shared_on ?? view.answered),
    text,
    type: view.type,
    categories: parseStringList(view.categories),
    shared: true,
    sharedOn: view.shared_on === null ? null : when(view.shared_on),
    anonymous,
    likes: Number(view.likes),
    likers: loved ? [viewerId] : [],
    reported: viewerId !== null && Number(view.viewer_reported) === 1,
    score: anonymous ? null : wordScore(text),
    // The author's current picture, never a copy that could go stale or name a deleted file.
    profilePicture: anonymous ? null : view.author_picture,
    ...(photos.length > 0 ? { photos } : {}),
  };
}

/** For admins: the same anonymity rules as the feed, plus how many people reported it. */
export function presentReportedAnswer(view: ReportedAnswerView, viewerId: string): ReportedAnswer {
  return { ...presentFeedAnswer(view, viewerId), reports: Number(view.reports) };
}

export function presentPublicProfile(
  user: PublicUserRow,
  sharedCount: number,
  sharedAnswers: FeedAnswer[],
): PublicProfile {
  return {
    _id: user.id,
    name: user.name,
    profilePicture: user.profile_picture,
    started: user.started,
    streak: Number(user.streak),
    longestStreak: Number(user.longest_streak),
    score: Number(user.score),
    sharedCount,
    sharedAnswers,
  };
}
