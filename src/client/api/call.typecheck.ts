import { api } from './call.ts';

// Compile-time tests of api() (decision 025), checked by `npm run typecheck` and never run or
// bundled. Each @ts-expect-error line must fail to compile: if the endpoint map's types loosen
// (a body or an answer typed as unknown or any), the directive goes unused and typecheck fails.

export async function wrongBodies(): Promise<void> {
  // @ts-expect-error the save's body wraps the answer: { answer: { … } }
  await api('/api/answer/save', { _id: 'a1', prompt_title: '', text: 'Words' });
  // @ts-expect-error the answer's text is required
  await api('/api/answer/save', { answer: { _id: 'a1', prompt_title: '' } });
  // @ts-expect-error an id is a string
  await api('/api/answer/delete', { answer_id: 42 });
  // @ts-expect-error answer_id is required
  await api('/api/answer/delete', {});
  // @ts-expect-error a field the schema does not have
  await api('/api/answer/delete', { answer_id: 'a1', user_name: 'Ana' });
  // @ts-expect-error a page is a number
  await api('/api/answer/shared', { page: '2' });
  // @ts-expect-error an upload sends a form, not JSON
  await api('/api/user/picture', { profilePicture: '/media/pictures/a.webp' });
  // @ts-expect-error no such call
  await api('/api/answer/publish', { answer_id: 'a1' });
  // @ts-expect-error the live stream is an EventSource, not a call
  await api('/api/world/live');
}

export async function wrongAnswers(): Promise<void> {
  const saved = await api('/api/answer/save', {
    answer: { _id: 'a1', prompt_title: '', text: 'Words' },
  });
  saved.answer.text satisfies string;
  // @ts-expect-error an answer carries no password hash
  saved.answer.password_hash;

  const feed = await api('/api/answer/shared', { page: 1 });
  const first = feed.sharedAnswers[0];
  if (first) {
    // @ts-expect-error an anonymous share has no author: user_id may be null
    first.user_id satisfies string;
    // @ts-expect-error the world is told how many love it, never who
    first.likedBy;
  }

  const { user } = await api('/api/user', {});
  // @ts-expect-error the passcode leaves only as a way to check it, never as the code
  user.code satisfies string;

  // @ts-expect-error a zip is a Blob, not text
  (await api('/api/user/export/markdown')) satisfies string;
}
