// Worker thread entry of a CSV import: unwrapping the upload, parsing, validation and
// de-duplication (import-parse.ts) run here, off the server's event loop. The rows go back a
// bounded batch at a time: the parse waits for "more" from the main thread (which has written the
// batch) before it goes on, so neither side holds the whole file's rows. One worker per import,
// ended when it answers.
import { fileOfMultipart, type MultipartBody } from '../../server/http/multipart';
import type { ColumnTarget } from './constants';
import { CsvRefusal } from './import-decode';
import { type ImportChunk, type ImportSummary, streamImport } from './import-parse';
import { CONTACT_MESSAGES, MAX_IMPORT_BYTES } from './schemas';

declare const self: Worker;

export type CsvSource = { bytes: ArrayBuffer } | { multipart: MultipartBody; field: string };
export type WorkerRequest = { source: CsvSource; emails: string; phones: string; pieceSize: number; batchPieces: number; mapping?: ColumnTarget[] | null };
/** The main thread's answer to a batch: written, send the next. */
export const MORE = 'more';
export type WorkerAnswer =
  | { type: 'pieces'; pieces: ImportChunk[] }
  | { type: 'done'; result: ImportSummary }
  | { type: 'refused'; status: 400 | 413; message: string }
  | { type: 'failed'; message: string };

const keys = (joined: string) => new Set(joined ? joined.split('\n') : []);

async function bytesOf(source: CsvSource): Promise<Uint8Array> {
  if ('bytes' in source) return new Uint8Array(source.bytes);
  let file: Awaited<ReturnType<typeof fileOfMultipart>>;
  try {
    file = await fileOfMultipart(source.multipart, source.field);
  } catch {
    throw new CsvRefusal(400, 'Malformed request body');
  }
  if (!file) throw new CsvRefusal(400, CONTACT_MESSAGES.noFile);
  return file.bytes;
}

let written: (() => void) | null = null;

async function run(request: WorkerRequest) {
  const { source, emails, phones, pieceSize, batchPieces, mapping } = request;
  let answer: WorkerAnswer;
  try {
    const bytes = await bytesOf(source);
    if (bytes.length === 0) throw new CsvRefusal(400, CONTACT_MESSAGES.empty);
    if (bytes.length > MAX_IMPORT_BYTES) throw new CsvRefusal(413, CONTACT_MESSAGES.tooLarge);
    const result = await streamImport(
      bytes,
      { emails: keys(emails), phones: keys(phones) },
      {
        pieceSize,
        batchPieces,
        mapping,
        send: (pieces) =>
          new Promise<void>((resolve) => {
            written = resolve;
            self.postMessage({ type: 'pieces', pieces } satisfies WorkerAnswer);
          }),
      },
    );
    answer = { type: 'done', result };
  } catch (e) {
    answer = e instanceof CsvRefusal ? { type: 'refused', status: e.status, message: e.message } : { type: 'failed', message: String(e) };
  }
  self.postMessage(answer);
}

self.onmessage = (event: MessageEvent<WorkerRequest | typeof MORE>) => {
  if (event.data === MORE) {
    const next = written;
    written = null;
    next?.();
    return;
  }
  void run(event.data);
};
