import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import type { Photo } from '#shared/api/photos.ts';

// What shows a photo: from its address, or for an encrypted journal's photo (docs/ENCRYPTION.md
// *Photos*) from its bytes opened on this device, held in memory for as long as it is shown.

/** Opens sealed bytes, with the sealing code loaded only when a sealed photo is shown. */
const sealing = () => import('#client/state/answers/photo-sealing.ts');

type Shown = { url: string } | { failed: true };

/**
 * An address for bytes on the device (`sealed`: opened first), for as long as the component
 * shows them; '' while they open, or when they cannot be.
 */
export function useObjectUrl(blob: Blob, sealed = false): string {
  const shown = useOpened(blob, sealed ? (s) => s.openSealedBytes(blob) : null);
  return 'url' in shown ? shown.url : '';
}

/** What `source` shows: the Blob itself without `open`, else what `open` makes of it. */
function useOpened(
  source: Blob | string,
  open: ((s: Awaited<ReturnType<typeof sealing>>) => Promise<Blob>) | null,
): Shown {
  const [shown, setShown] = useState<Shown>({ url: '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `source` is what is shown; `open` is made anew each render from it
  useEffect(() => {
    let live = true;
    let made = '';
    const show = (blob: Blob) => {
      if (!live) return;
      // A photo refused before it was kept has no bytes: nothing to show.
      if (blob.size === 0) return setShown({ failed: true });
      made = URL.createObjectURL(blob);
      setShown({ url: made });
    };
    if (!open) show(source as Blob);
    else {
      setShown({ url: '' });
      sealing()
        .then(open)
        .then(show, () => live && setShown({ failed: true }));
    }
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [source]);
  return shown;
}

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { alt: string };

/** A photo the server keeps: its address, or when it is sealed its bytes opened here. */
export function PhotoImage({
  photo,
  alt,
  ...props
}: ImageProps & { photo: Pick<Photo, 'url' | 'encrypted'> }) {
  if (!photo.encrypted) return <img src={photo.url} alt={alt} {...props} />;
  return <SealedImage url={photo.url} alt={alt} {...props} />;
}

function SealedImage({ url, alt, ...props }: ImageProps & { url: string }) {
  const shown = useOpened(url, (s) => s.photoImage({ url, encrypted: true }));
  if ('failed' in shown)
    return (
      <span className="photo-unopened" role="img" aria-label={`${alt}: cannot be opened`}>
        Cannot be opened on this device
      </span>
    );
  return shown.url ? <img src={shown.url} alt={alt} {...props} /> : null;
}
