// Worker thread entry of a CSV import: unwrapping the upload, parsing, validation and
// de-duplication (import-parse.ts) run here, off the server's event loop. One worker per import,
// ended when it answers.
import { fileOfMultipart, type MultipartBody } from '../../server/http/multipart';
import { CsvRefusal, prepareImport } from './import-parse';
import { CONTACT_MESSAGES, MAX_IMPORT_BYTES } from './schemas';

declare const self: Worker;

export type CsvSource = { bytes: ArrayBuffer } | { multipart: MultipartBody; field: string };
export type WorkerRequest = { source: CsvSource; emails: string; phones: string; chunkSize: number };
export type WorkerAnswer =
  | { ok: true; result: ReturnType<typeof prepareImport> }
  | { ok: false; status: 400 | 413; message: string }
  | { ok: false; status: 500; message: string };

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

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { source, emails, phones, chunkSize } = event.data;
  let answer: WorkerAnswer;
  try {
    const bytes = await bytesOf(source);
    if (bytes.length === 0) throw new CsvRefusal(400, CONTACT_MESSAGES.empty);
    if (bytes.length > MAX_IMPORT_BYTES) throw new CsvRefusal(413, CONTACT_MESSAGES.tooLarge);
    answer = { ok: true, result: prepareImport(bytes, { emails: keys(emails), phones: keys(phones) }, chunkSize) };
  } catch (e) {
    answer = e instanceof CsvRefusal ? { ok: false, status: e.status, message: e.message } : { ok: false, status: 500, message: String(e) };
  }
  self.postMessage(answer);
};
