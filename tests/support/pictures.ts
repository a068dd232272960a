import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** A multipart/form-data body with one file part, as the profile screen uploads it. */
export function multipartPicture(filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----muse-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a small PNG of one colour as the user; answers the stored picture's URL. */
export async function uploadPicture(
  app: FastifyInstance,
  user: { cookie: string },
  background = '#336699',
): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background } })
    .png()
    .toBuffer();
  const body = multipartPicture('me.png', png);
  const response: LightMyRequestResponse = await app.inject({
    method: 'POST',
    url: '/api/user/picture',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().profilePicture;
}
