import type { RgbaImage } from './rig.ts';

/** RGBA → PNG (8-bit, filter 0, deflate by Bun): enough for the few images the engine stores. */
export function encodePng(image: RgbaImage): Uint8Array {
  const { width, height, pixels } = image;
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const idat = Bun.deflateSync(raw, { level: 1 });
  const chunks: Uint8Array[] = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  chunks.push(chunk('IHDR', ihdr), chunk('IDAT', zlibWrap(idat, raw)), chunk('IEND', new Uint8Array(0)));
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) out.set(c, o), (o += c.length);
  return out;
}

function zlibWrap(deflated: Uint8Array, raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(deflated.length + 6);
  out.set([0x78, 0x01], 0);
  out.set(deflated, 2);
  new DataView(out.buffer).setUint32(deflated.length + 2, adler32(raw));
  return out;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i += 5552) {
    const end = Math.min(data.length, i + 5552);
    for (let j = i; j < end; j++) {
      a += data[j] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  let c = 0xffffffff;
  for (let i = 4; i < 8 + data.length; i++) c = (CRC_TABLE[(c ^ (out[i] as number)) & 0xff] as number) ^ (c >>> 8);
  v.setUint32(8 + data.length, (c ^ 0xffffffff) >>> 0);
  return out;
}
