import { PICTURE_TOO_LARGE, pictureTooLarge } from '../shared/pictures.ts';

// Picture dimensions from the file's first bytes, and the one check every image upload and
// fetched picture goes through (storeUpload, per-recipient backgrounds, avatar photos): no pixel is
// decoded to learn the size. Decision 208.

/** Dimensions read from a PNG, JPEG, WebP or GIF header, without decoding a pixel; undefined for anything else. */
export function headerSize(b: Uint8Array): { width: number; height: number } | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length > 33 && b[0] === 0x89 && b[1] === 0x50) {
    // A size is only trusted from an intact IHDR chunk: noise after a PNG signature is unreadable, not huge.
    const intact = String.fromCharCode(...b.subarray(12, 16)) === 'IHDR' && Bun.hash.crc32(b.subarray(12, 29)) === v.getUint32(29);
    return intact ? { width: v.getUint32(16), height: v.getUint32(20) } : { width: 0, height: 0 };
  }
  if (b.length > 30 && b[0] === 0x52 && b[8] === 0x57) {
    const chunk = String.fromCharCode(...b.subarray(12, 16));
    if (chunk === 'VP8X') return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
    if (chunk === 'VP8L') return { width: 1 + (v.getUint16(21, true) & 0x3fff), height: 1 + ((v.getUint32(21, true) >> 14) & 0x3fff) };
    if (chunk === 'VP8 ') return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  }
  // GIF: the logical screen (bytes 6–9, little-endian).
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: v.getUint16(i + 7), height: v.getUint16(i + 5) };
      i += 2 + v.getUint16(i + 2);
    }
  }
  return undefined;
}

/**
 * Why a picture (PNG, JPEG, WebP, GIF, by its bytes) may not be taken, or null: over the pixel cap
 * (PICTURE_TOO_LARGE), or a header that cannot be read ('unreadable').
 */
export function pictureRefusal(bytes: Uint8Array): typeof PICTURE_TOO_LARGE | 'unreadable' | null {
  const size = headerSize(bytes);
  if (!size || !size.width || !size.height) return 'unreadable';
  return pictureTooLarge(size) ? PICTURE_TOO_LARGE : null;
}
