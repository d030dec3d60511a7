// Draws media/icon.png (256x256): the Memory Shelf mark (media/shelf.svg's two shelves of books) light on
// a blue rounded square. Node and zlib only, 4x4 supersampled; run `node scripts/drawIcon.mjs` to redraw.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 256;
const SS = 4;
const BG = [0x2f, 0x55, 0x78];
const INK = [0xf4, 0xef, 0xe6];
const ACCENT = [0xf2, 0xb8, 0x4b];
const scale = SIZE / 24; // shelf.svg's 24-unit box

// Shapes in shelf.svg's units: [kind, params, colour].
const rect = (x, y, w, h) => (px, py) => px >= x && px <= x + w && py >= y && py <= y + h;
const bar = (x1, x2, y, t) => rect(x1, y - t / 2, x2 - x1, t);
const poly = (points) => (px, py) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const shapes = [
  [bar(2.5, 21.5, 20.5, 1.1), INK],
  [bar(2.5, 21.5, 11.5, 1.1), INK],
  [rect(4.5, 4, 3, 7.5), INK],
  [rect(8.5, 5.5, 3, 6), ACCENT],
  [poly([[13.2, 11.2], [14.8, 4.6], [17.7, 5.3], [16.1, 11.9]]), INK],
  [rect(4.5, 14, 4, 6.5), ACCENT],
  [rect(9.5, 13, 2.5, 7.5), INK],
  [rect(13, 15.5, 6, 5), INK],
];
const radius = 44;
const inSquare = (x, y) => {
  const cx = Math.min(Math.max(x, radius), SIZE - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE);
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0;
  for (let x = 0; x < SIZE; x++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const px = x + (sx + 0.5) / SS;
        const py = y + (sy + 0.5) / SS;
        if (!inSquare(px, py)) continue;
        const ux = px / scale;
        const uy = py / scale;
        const colour = shapes.find(([inside]) => inside(ux, uy))?.[1] ?? BG;
        r += colour[0]; g += colour[1]; b += colour[2]; a += 255;
      }
    }
    const n = SS * SS;
    const covered = a / 255;
    const at = y * (SIZE * 4 + 1) + 1 + x * 4;
    raw[at] = covered ? Math.round(r / covered) : 0;
    raw[at + 1] = covered ? Math.round(g / covered) : 0;
    raw[at + 2] = covered ? Math.round(b / covered) : 0;
    raw[at + 3] = Math.round(a / n);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../media/icon.png', import.meta.url), png);
console.log(`media/icon.png: ${SIZE}x${SIZE}, ${png.length} bytes`);
