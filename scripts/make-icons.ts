// Renders the PWA and Apple touch icons from src/client/public/icon.svg (run when it changes).
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../src/client/public');
const svg = path.join(publicDir, 'icon.svg');
const sizes = [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
] as const;
for (const [name, size] of sizes) {
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(path.join(publicDir, name));
}
// Maskable: the glyph inside the 80% safe zone on a full-bleed background.
const inner = await sharp(svg, { density: 300 }).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#2f2a4a' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(path.join(publicDir, 'icon-maskable-512.png'));
console.log('icons written');
