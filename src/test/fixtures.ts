import { Resvg } from '@resvg/resvg-js';
// Tiny real files for upload tests: content decides, not the name.
export const PNG_1x1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

export function formWith(field: string, bytes: Uint8Array, name: string, type: string) {
  const fd = new FormData();
  fd.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return fd;
}

/** A w×h PNG of a face-like shape (skin square, dark head circle): a picture the avatar checks accept. */
export const facePng = (w: number, h: number) =>
  new Uint8Array(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#d4a373"/><circle cx="${w / 2}" cy="${h * 0.4}" r="${w / 4}" fill="#6b4226"/></svg>`,
    )
      .render()
      .asPng(),
  );
