// Tiny real files for upload tests: content decides, not the name.
export const PNG_1x1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

export function formWith(field: string, bytes: Uint8Array, name: string, type: string) {
  const fd = new FormData();
  fd.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return fd;
}
