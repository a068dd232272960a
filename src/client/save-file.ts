/**
 * Saves `blob` as a download named `name`: every "Download …" in Müse goes through here. The
 * click starts the download synchronously; the object URL is only needed until then.
 */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A text file in UTF-8. */
export function textFile(text: string, type = 'text/plain;charset=utf-8'): Blob {
  return new Blob([text], { type });
}
