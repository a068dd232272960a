import { type Ref, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { FeedAnswer } from '#shared/api/world.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { promptWorldPath, signUpPath, userPath } from '../routes.ts';
import { getState, useAppState } from '../state/store/app-store.ts';
import { setLove, setReport } from '../state/world/world-actions.ts';
import { Avatar } from './avatar.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import {
  authorId,
  authorName,
  type FeedViewer,
  feedViewer,
  isLovedBy,
  lovesLabel,
} from './feed-rules.ts';
import { FlagIcon, HeartIcon } from './icons.tsx';
import { Markdown, preloadMarkdown } from './markdown/markdown.tsx';
import { PhotoList } from './photos/photo-gallery.tsx';
import './feed-list.css';

/** The element id of a feed item, for scrolling to the selected world answer. */
export function feedItemId(answerId: string): string {
  return `feed-answer-${answerId}`;
}

export type FeedListProps = {
  answers: readonly FeedAnswer[];
  /** Off on a profile, where every answer is by the profile's owner. */
  showAuthor?: boolean;
  listRef?: Ref<HTMLUListElement>;
  label: string;
  /** The prompt titles' heading level: 3 under a section's own heading. */
  titleLevel?: 2 | 3;
};

/**
 * Shared answers (SPEC §2 world, §4 Like and Report): author, prompt, text and date, a love
 * button with its count and a flag, each behind the confirmations the spec asks for.
 */
export function FeedList({
  answers,
  showAuthor = true,
  listRef,
  label,
  titleLevel = 2,
}: FeedListProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppState((s) => s.user);
  const own = useAppState((s) => s.answers);
  const ownIds = useMemo(() => new Set(own.map((a) => a._id)), [own]);
  const [unloving, setUnloving] = useState<string | null>(null);
  const [flagging, setFlagging] = useState<string | null>(null);
  const [askSignUp, setAskSignUp] = useState(false);
  // The parser comes with the feed, not after the first answer asks for it.
  useEffect(preloadMarkdown, []);

  /** The latest version of an item (it may have changed while a dialog was open). */
  const find = (id: string | null) => answers.find((a) => a._id === id) ?? null;

  const onLove = (item: FeedAnswer, viewer: FeedViewer) => {
    if (viewer === 'visitor') setAskSignUp(true);
    else if (isLovedBy(item, getState().user._id)) setUnloving(item._id);
    else void setLove(item, true);
  };
  // SPEC §4: flagging needs a confirmation; tapping a flagged answer unflags it straight away.
  const onFlag = (item: FeedAnswer) => {
    if (item.reported) void setReport(item, false);
    else setFlagging(item._id);
  };

  return (
    <>
      <ul className="feed" ref={listRef} aria-label={label}>
        {answers.map((item) => (
          <li key={item._id} id={feedItemId(item._id)} className="feed-entry" tabIndex={-1}>
            <FeedItem
              item={item}
              viewer={feedViewer(item, user, ownIds)}
              loved={isLovedBy(item, user._id)}
              showAuthor={showAuthor}
              titleLevel={titleLevel}
              onLove={onLove}
              onFlag={onFlag}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={unloving !== null}
        title="Take back your love"
        message="This answer will have one love fewer. You can send it again any time."
        confirmLabel="Take it back"
        cancelLabel="Keep my love"
        onCancel={() => setUnloving(null)}
        onConfirm={() => {
          const item = find(unloving);
          setUnloving(null);
          if (item) void setLove(item, false);
        }}
      />
      <ConfirmDialog
        open={flagging !== null}
        title="Flag for review"
        message="Someone at Müse will read this answer and remove it if it breaks the rules. You can unflag it any time."
        confirmLabel="Flag"
        destructive
        onCancel={() => setFlagging(null)}
        onConfirm={() => {
          const item = find(flagging);
          setFlagging(null);
          if (item) void setReport(item, true);
        }}
      />
      <ConfirmDialog
        open={askSignUp}
        title="Sign up to send love"
        message="Love, flags and sharing are for people with a Müse profile. It is free and takes a minute; your answers come with you."
        confirmLabel="Sign up"
        cancelLabel="Not now"
        onCancel={() => setAskSignUp(false)}
        onConfirm={() => {
          setAskSignUp(false);
          // Signed up, the login screen brings them back here.
          void navigate(signUpPath, { state: { from: location.pathname } });
        }}
      />
    </>
  );
}

type FeedItemProps = {
  item: FeedAnswer;
  viewer: FeedViewer;
  loved: boolean;
  showAuthor: boolean;
  titleLevel: 2 | 3;
  onLove: (item: FeedAnswer, viewer: FeedViewer) => void;
  onFlag: (item: FeedAnswer) => void;
};

function FeedItem(props: FeedItemProps) {
  const { item, viewer, loved, showAuthor, titleLevel, onLove, onFlag } = props;
  const Title = titleLevel === 3 ? 'h3' : 'h2';
  const titleId = useId();
  const name = authorName(item);
  const id = authorId(item);
  const date = formatDate(item.sharedOn ?? item.answered);
  return (
    <article className="feed-item card" aria-labelledby={titleId}>
      <div className="feed-meta">
        {showAuthor ? (
          id ? (
            <Link className="feed-author" to={userPath(id)}>
              <Avatar name={name} picture={item.profilePicture ?? ''} size={36} />
              <span className="feed-author-name">{name}</span>
            </Link>
          ) : (
            <span className="feed-author feed-author-anonymous">
              {/* No letter for Anonymous: the stand-in figure. */}
              <Avatar name="" picture="" size={36} />
              <span className="feed-author-name">{name}</span>
            </span>
          )
        ) : null}
        {date ? (
          <time className="feed-date" dateTime={item.sharedOn ?? item.answered}>
            {date}
          </time>
        ) : null}
      </div>
      <Title id={titleId} className="feed-title">
        {/* The prompt leads to how others answered it (decision 023). */}
        {item.prompt_id && item.prompt_title ? (
          <Link className="feed-title-link" to={promptWorldPath(item.prompt_id)}>
            {item.prompt_title}
          </Link>
        ) : (
          item.prompt_title || 'A shared answer'
        )}
      </Title>
      <Markdown className="feed-text" text={item.text} headingBase={titleLevel === 3 ? 4 : 3} />
      {item.photos && item.photos.length > 0 ? (
        // The photos its author shared with it (decision 062): public copies.
        <PhotoList photos={item.photos} className="feed-photos" />
      ) : null}
      <div className="feed-actions">
        {viewer === 'author' ? (
          <span className="feed-loves">
            <HeartIcon filled={item.likes > 0} />
            {lovesLabel(item.likes)}
          </span>
        ) : (
          <button
            type="button"
            className="feed-action feed-love"
            aria-pressed={loved}
            aria-label={`Love, ${lovesLabel(item.likes)}`}
            onClick={() => onLove(item, viewer)}
          >
            <HeartIcon filled={loved} />
            <span aria-hidden="true">{item.likes}</span>
          </button>
        )}
        {viewer === 'member' ? (
          <button
            type="button"
            className={
              item.reported ? 'feed-action feed-flag feed-flagged' : 'feed-action feed-flag'
            }
            aria-pressed={item.reported}
            aria-label={item.reported ? 'Flagged' : 'Flag for review'}
            onClick={() => onFlag(item)}
          >
            <FlagIcon filled={item.reported} />
            {item.reported ? <span aria-hidden="true">Flagged</span> : null}
          </button>
        ) : null}
      </div>
    </article>
  );
}
