import yazl from 'yazl';

// Test fixtures for import route tests: real multipart bodies and real zips, built in memory.

export function multipart(filename: string, content: Buffer) {
  const boundary = '----muse-import-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A zip of `files`, deflated (or stored as they are with `compress: false`). */
export function zipOf(
  files: Iterable<[string, Buffer | string]>,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress ?? true,
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}
