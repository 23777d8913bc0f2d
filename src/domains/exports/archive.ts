import { closeSync, openSync, writeSync } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * fflate's zip format has no Zip64: an archive must stay under 4 GiB. Text is far below it;
 * video files are added only while the archive stays under this bound (the rest are listed
 * as skipped in the manifest).
 */
export const MAX_ARCHIVE_BYTES = 3.5 * 1024 ** 3;

const encoder = new TextEncoder();

/**
 * A zip written as it is built, straight to a file on disk: each entry is compressed chunk by
 * chunk and its bytes leave memory at once (fflate's streaming Zip, synchronous callbacks).
 * Entries are written one after the other; open the next one after ending the previous.
 */
export function createArchive(path: string) {
  const fd = openSync(path, 'w');
  let written = 0;
  let failure: Error | null = null;
  let closed = false;
  let open = true;
  const closeFd = () => {
    if (open) closeSync(fd);
    open = false;
  };
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else {
      writeSync(fd, chunk);
      written += chunk.length;
    }
    if (final) closed = true;
  });
  const check = () => {
    if (failure) throw failure;
  };
  const mtime = new Date();

  return {
    /** Bytes of the archive written so far. */
    get bytes() {
      return written;
    },
    /** A compressed text entry fed piece by piece. */
    text(name: string) {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      return {
        write(text: string) {
          if (text) entry.push(encoder.encode(text), false);
          check();
        },
        end() {
          entry.push(new Uint8Array(0), true);
          check();
        },
      };
    },
    /** A stored entry for bytes that are compressed already (videos, images), streamed. */
    async blob(name: string, blob: Blob) {
      const entry = new ZipPassThrough(name);
      entry.mtime = mtime;
      zip.add(entry);
      await pushStream(blob.stream(), (chunk) => entry.push(chunk, false));
      entry.push(new Uint8Array(0), true);
      check();
    },
    /** A compressed entry from a stream (a CSV spooled to disk). */
    async deflated(name: string, stream: ReadableStream<Uint8Array>) {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      await pushStream(stream, (chunk) => entry.push(chunk, false));
      entry.push(new Uint8Array(0), true);
      check();
    },
    /** Writes the central directory and closes the file. */
    close() {
      try {
        zip.end();
        check();
        if (!closed) throw new Error('zip not finished');
      } finally {
        closeFd();
      }
      return written;
    },
    /** Gives up: closes the file (the caller deletes it). */
    abort() {
      zip.terminate();
      closeFd();
    },
  };
}

async function pushStream(stream: ReadableStream<Uint8Array>, push: (chunk: Uint8Array) => void) {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    push(value);
  }
}

export type Archive = ReturnType<typeof createArchive>;
