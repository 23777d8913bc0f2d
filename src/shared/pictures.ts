// The pixel cap every uploaded or fetched picture is held to, read from its header before anything
// decodes it (a "pixel bomb": a 1 MB PNG announcing 20,000 × 20,000 pixels is 1.6 GB once decoded,
// in the server's renders and in every recipient's browser). Issue 25 item 9, decision 208.
export const MAX_PICTURE_PIXELS = 40_000_000;
export const MAX_PICTURE_SIDE = 12_000;

/** The upload's refusal (a fixed text, so that the web shows it in the user's language). */
export const PICTURE_TOO_LARGE = 'This picture is too large: please upload one under 40 megapixels, at most 12,000 pixels on a side';

/** A picture whose header does not decode as PNG, JPEG, WebP or GIF: refused at upload with this sentence. */
export const PICTURE_UNREADABLE = 'We could not read this picture. Please upload a PNG, JPEG or WebP photo.';

export const pictureTooLarge = (s: { width: number; height: number }) =>
  s.width * s.height > MAX_PICTURE_PIXELS || s.width > MAX_PICTURE_SIDE || s.height > MAX_PICTURE_SIDE;
