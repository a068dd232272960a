import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queuedPhotosOf } from '#client/state/answers/photo-queue.ts';
import { fakeServer, Refusal } from '#client/test-support/fake-server.ts';
import { buildAnswer, buildUser } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';
import type { Photo } from '#shared/api/photos.ts';
import { MAX_PHOTOS_PER_ENTRY } from '#shared/domain/limits.ts';

// The editor's photo field (decision 062) and what it says: no network (the photo waits on the
// device), a photo added, one the server refuses, an entry that is full. The entry is on the server already (it has a
// revision), as one opened at its own address is.

const ADA = buildUser({ name: 'Ada' });
const ENTRY = buildAnswer({
  _id: 'entry-1',
  user_id: ADA._id,
  prompt_id: null,
  prompt_title: 'Nov 2, 2026',
  text: 'written on a train',
  revision: 1,
});
const LOADED = { prompts: true, myPrompts: true, answers: true };

function photo(n: number): Photo {
  return {
    id: `photo-${n}`,
    answer_id: ENTRY._id,
    width: 88,
    height: 88,
    bytes: 1000,
    position: n,
    url: `/api/answer/photo/photo-${n}`,
  };
}

/** The entry's server: the entry itself and `photos`. */
function entryServer(photos: Photo[] = []) {
  return fakeServer().on('/api/answer/get', { answer: ENTRY }).on('/api/answer/photos', { photos });
}

async function openEntry(server = entryServer()) {
  await renderApp(`/answer/a/${ENTRY._id}`, {
    state: { user: ADA, answers: [ENTRY], loaded: LOADED },
    server,
  });
  const photos = await screen.findByRole('region', { name: 'Photos' });
  return { photos, status: within(photos).getByRole('status') };
}

const png = (name: string) => new File(['not really a png'], name, { type: 'image/png' });

describe('the photo field', () => {
  it('keeps a photo added offline on the device, says it waits, and keeps the words', async () => {
    const user = userEvent.setup();
    const { photos, status } = await openEntry();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.upload(within(photos).getByLabelText('Choose photos'), png('train.png'));
    expect(
      await within(photos).findByRole('img', { name: 'Photo, waiting to be sent' }),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent(
      '1 photo will be added when you’re online. Your words are kept.',
    );
    expect(screen.getByLabelText('Your answer')).toHaveValue('written on a train');
    // Removed before it went: gone from the device too.
    await user.click(within(photos).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(within(photos).queryByRole('img')).toBeNull());
    expect(await queuedPhotosOf(ENTRY._id)).toEqual([]);
  });

  it('says a photo was added, and names it for a screen reader', async () => {
    const user = userEvent.setup();
    const server = entryServer().on('/api/answer/photo/upload', { photo: photo(1) });
    const { photos, status } = await openEntry(server);
    await user.upload(within(photos).getByLabelText('Choose photos'), png('sea.png'));
    expect(await within(photos).findByRole('img', { name: 'Photo' })).toBeInTheDocument();
    expect(status).toHaveTextContent('1 photo added.');
    expect(within(photos).getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('says which file the server refused, and why, and keeps it to be removed', async () => {
    const user = userEvent.setup();
    const server = entryServer().on(
      '/api/answer/photo/upload',
      new Refusal(415, 'Only JPEG, PNG, WebP or HEIC photos'),
    );
    const { photos, status } = await openEntry(server);
    await user.upload(within(photos).getByLabelText('Choose photos'), png('notes.png'));
    expect(await within(photos).findByText('notes.png: Only JPEG, PNG, WebP or HEIC photos')).toBe(
      status,
    );
    expect(
      await within(photos).findByRole('img', {
        name: 'Photo, not added: notes.png: Only JPEG, PNG, WebP or HEIC photos',
      }),
    ).toBeInTheDocument();
  });

  it('greys Add photos on a full entry and says why when pressed', async () => {
    const user = userEvent.setup();
    const full = Array.from({ length: MAX_PHOTOS_PER_ENTRY }, (_, i) => photo(i + 1));
    const { photos, status } = await openEntry(entryServer(full));
    expect(await within(photos).findAllByRole('img')).toHaveLength(MAX_PHOTOS_PER_ENTRY);
    const add = within(photos).getByRole('button', { name: 'Add photos' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    expect(status).toHaveTextContent(`An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.`);
    expect(add).toHaveAccessibleDescription(
      `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.`,
    );
  });
});
