import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MediaError } from '../../media/errors';
import { inspectTake } from '../../media/recorded-speech';
import type { RecordedTake } from '../../media/recorded-speech';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import type { MultipartBody } from '../../server/http/multipart';
import type { StorageProvider } from '../../server/providers/storage/types';
import { newToken } from '../../shared/ids';
import { recordingFits, sentenceKey } from '../../shared/sentences';
import { hasVariables } from '../../shared/variables';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';
import { assertStorageRoom } from '../billing/limits';
import { copyStoredFile } from '../files/assets';
import { deleteFiles, sniffType, storeBytes } from '../files/service';
import { GENERATION_MESSAGES, RECORDING_LIMITS, RECORDING_MESSAGES as M } from './schemas';
import { type RecordedTakeRow, voiceRecordings } from './tables';

// The rep's own voice (decision 221): the teleprompter's takes, one per sentence, uploaded together.
// Each is checked by what it holds (the bytes' type, then decoded: a picture, a file without sound or
// a silent one is refused), capped in bytes and in length by its sentence, and stored in the
// workspace as recorded. A render names the recording by id (`voiceRecordingId` of its look).

/** Audio types as the bytes tell them → the type the take is stored and served as. */
const AUDIO_TYPES: Record<string, string> = {
  'video/webm': 'audio/webm',
  'audio/webm': 'audio/webm',
  'audio/ogg': 'audio/ogg',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/wav': 'audio/wav',
  'audio/mpeg': 'audio/mpeg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/flac': 'audio/flac',
  'audio/x-flac': 'audio/flac',
};

type Upload = { text: string; file: File };

/** The multipart body's pairs: every "text" field with the "take" file of the same rank. */
async function pairsOf(multipart: MultipartBody | null): Promise<Upload[]> {
  if (!multipart) throw invalidInput(M.noTakes);
  let form: FormData;
  try {
    form = await new Response(multipart.body, { headers: { 'content-type': multipart.contentType } }).formData();
  } catch {
    throw invalidInput(M.noTakes);
  }
  const texts = form.getAll('text');
  const files = form.getAll('take');
  if (files.length === 0) throw invalidInput(M.noTakes);
  if (texts.length !== files.length || texts.some((t) => typeof t !== 'string') || files.some((f) => typeof f === 'string')) throw invalidInput(M.pairs);
  if (files.length > RECORDING_LIMITS.takes) throw invalidInput(M.tooManyTakes);
  return files.map((file, i) => ({ text: sentenceKey(texts[i] as string), file: file as File }));
}

/** Checks every take (sentence, size, type, sound, length) before anything is stored. */
async function checkTakes(uploads: Upload[], dir: string) {
  let bytes = 0;
  for (const u of uploads) {
    if (!u.text || u.text.length > RECORDING_LIMITS.sentenceChars) throw invalidInput(M.sentence);
    if (hasVariables(u.text)) throw invalidInput(M.variable);
    if (u.file.size > RECORDING_LIMITS.takeBytes) throw new AppError('TOO_LARGE', M.takeBytes);
    bytes += u.file.size;
  }
  if (bytes > RECORDING_LIMITS.totalBytes) throw new AppError('TOO_LARGE', M.totalBytes);
  let total = 0;
  const checked: { text: string; bytes: Uint8Array; contentType: string; durationSec: number }[] = [];
  for (const [i, u] of uploads.entries()) {
    const data = new Uint8Array(await u.file.arrayBuffer());
    const contentType = AUDIO_TYPES[(await sniffType(data)) ?? ''];
    if (!contentType || data.length === 0) throw invalidInput(M.type);
    const path = join(dir, `take-${i}`);
    await Bun.write(path, data);
    let facts: Awaited<ReturnType<typeof inspectTake>>;
    try {
      facts = await inspectTake(path);
    } catch (e) {
      if (e instanceof MediaError) throw invalidInput(M.unreadable);
      throw e;
    }
    if (facts.silent) throw invalidInput(M.silent);
    const max = RECORDING_LIMITS.takeSeconds(u.text.length);
    if (facts.durationSec > max) throw invalidInput(M.takeTooLong(i + 1, max));
    total += facts.durationSec;
    if (total > RECORDING_LIMITS.totalSeconds) throw invalidInput(M.tooLong);
    checked.push({ text: u.text, bytes: data, contentType, durationSec: Math.round(facts.durationSec * 1000) / 1000 });
  }
  return { checked, bytes, total };
}

/** POST /api/voice-recordings: the takes checked, stored in the workspace, and the recording's id. */
export async function uploadRecording(opts: { db: Db; storage: StorageProvider; scope: Scope; multipart: MultipartBody | null }) {
  const { db, storage, scope } = opts;
  const uploads = await pairsOf(opts.multipart);
  const dir = await mkdtemp(join(tmpdir(), 'recording-check-'));
  try {
    const { checked, bytes, total } = await checkTakes(uploads, dir);
    await assertStorageRoom({ db, scope, bytes });
    const takes: RecordedTakeRow[] = [];
    try {
      for (const c of checked) {
        const stored = await storeBytes({ db, storage, scope, bytes: c.bytes, contentType: c.contentType, kind: 'voice-recording' });
        takes.push({ text: c.text, fileKey: stored.key, contentType: c.contentType, durationSec: c.durationSec });
      }
    } catch (e) {
      await deleteFiles({ db, storage, scope, keys: takes.map((t) => t.fileKey) });
      throw e;
    }
    const id = `rec-${newToken()}`;
    const durationSec = Math.round(total * 1000) / 1000;
    await db.insert(voiceRecordings).values({ id, ...createdIn(scope), takes, durationSec });
    return { id, durationSec, sentences: takes.map((t) => ({ text: t.text, durationSec: t.durationSec })) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The workspace's recording (another workspace's id is not found). */
export async function ownRecording(db: Db, scope: Pick<Scope, 'workspaceId'>, id: string) {
  const [row] = await db
    .select()
    .from(voiceRecordings)
    .where(and(eq(voiceRecordings.id, id), inWorkspace(voiceRecordings, scope)));
  if (!row) throw notFound(GENERATION_MESSAGES.recordingNotFound);
  return row;
}

/**
 * A render may use a recording when every take is still a sentence of its script (an edited sentence
 * would be spoken by a take of the old words); sentences without a take are the voice's.
 */
export async function recordingFor(db: Db, scope: Scope, id: string, script: string): Promise<string> {
  const row = await ownRecording(db, scope, id);
  if (
    !recordingFits(
      row.takes.map((t) => t.text),
      script,
    )
  )
    throw invalidInput(M.notThisScript);
  return row.id;
}

/** The recording's takes copied out of storage into `dir`, as the engine reads them. */
export async function recordedTakes(opts: {
  db: Db;
  storage: StorageProvider;
  scope: Pick<Scope, 'workspaceId'>;
  id: string;
  dir: string;
}): Promise<RecordedTake[]> {
  const row = await ownRecording(opts.db, opts.scope, opts.id).catch(() => null);
  if (!row) throw new MediaError('INVALID_INPUT', 'The voice recording of this video no longer exists');
  return Promise.all(
    row.takes.map(async (t, i) => {
      const path = join(opts.dir, `take-${i}`);
      if (!(await copyStoredFile(opts.storage, `/files/${t.fileKey}`, path)))
        throw new MediaError('INVALID_INPUT', 'The voice recording of this video no longer exists');
      return { text: t.text, path };
    }),
  );
}
