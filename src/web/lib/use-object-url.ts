import { useEffect, useState } from 'react';

type UrlApi = Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;

/**
 * Hands `set` an object URL of `file` (null without one) and returns the clean-up that releases it,
 * so a preview's memory goes when the file changes or its dialog closes.
 */
export function holdObjectUrl(file: Blob | null, set: (url: string | null) => void, urls: UrlApi = URL): (() => void) | undefined {
  if (!file) {
    set(null);
    return undefined;
  }
  const url = urls.createObjectURL(file);
  set(url);
  return () => urls.revokeObjectURL(url);
}

/** The preview URL of a chosen file, released when the file changes or the component unmounts. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => holdObjectUrl(file, setUrl), [file]);
  return url;
}
