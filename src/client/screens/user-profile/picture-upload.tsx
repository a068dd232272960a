import { type DragEvent, useId, useRef, useState } from 'react';
import { uploadPicture } from '#client/api/account.ts';
import { isUnauthorized } from '#client/api/call.ts';
import { Avatar } from '#client/components/avatar.tsx';
import { pictureErrorMessage, pictureFileProblem } from '#client/state/account/account-rules.ts';
import { setProfilePicture } from '#client/state/answers/writes.ts';
import { reportSessionLost } from '#client/state/session-lost.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';

/**
 * SPEC §2 profile picture upload area: pick (or drop) an image of at most 104857600 bytes. The
 * file goes to /api/user/picture; its URL is then saved on the user through the write path
 * (writes.ts), which falls back offline like every other write (SPEC §8).
 */
export function PictureUpload() {
  const name = useAppState((s) => s.user.name);
  const picture = useAppState((s) => s.user.profilePicture);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();

  const send = async (file: File) => {
    if (pending) return;
    const problem = pictureFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    setPending(true);
    try {
      const url = await uploadPicture(file, file.name || 'picture');
      void setProfilePicture(url);
      showStatus('Picture saved');
    } catch (failure) {
      setError(pictureErrorMessage(failure));
      if (isUnauthorized(failure)) reportSessionLost();
    } finally {
      setPending(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  return (
    <section
      className={`card profile-picture${dragging ? ' is-dragging' : ''}`}
      aria-labelledby={headingId}
      aria-busy={pending}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Avatar picture={picture} name={name} size={88} alt={picture ? 'Your profile picture' : ''} />
      <div className="profile-picture-body">
        <h2 id={headingId} className="profile-section-title">
          Profile picture
        </h2>
        <p id={hintId} className="form-hint">
          Choose or drop a photo (up to 100 MB). We keep a small square copy without its location
          data.
        </p>
        <input
          ref={inputRef}
          id={inputId}
          className="profile-file-input"
          type="file"
          accept="image/*"
          disabled={pending}
          aria-describedby={`${hintId} ${errorId}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void send(file);
          }}
        />
        <label htmlFor={inputId} className="button button-quiet button-small profile-file-label">
          {picture ? 'Change picture' : 'Choose a picture'}
        </label>
        {pending ? (
          <p className="profile-picture-pending" role="status">
            <progress className="profile-progress" aria-label="Uploading your picture" />
            Uploading…
          </p>
        ) : null}
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      </div>
    </section>
  );
}
