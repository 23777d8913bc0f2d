/** Stable machine-readable reasons, so callers (job runner, API) can map failures without parsing text. */
export type MediaErrorCode = 'INVALID_INPUT' | 'BINARY_NOT_FOUND' | 'TTS_FAILED' | 'FFMPEG_FAILED' | 'FFMPEG_TIMEOUT' | 'PROBE_FAILED' | 'AVATAR_FAILED';

/** Which of the caller's inputs a failure is about, when it is known. */
export type MediaSubject = 'background' | 'avatar';

/**
 * The only error type the media module throws on purpose; `message` is meant for humans and
 * never carries a tool's output (see userFacingMessage for what users are shown).
 */
export class MediaError extends Error {
  readonly code: MediaErrorCode;
  /** Tail of a tool's stderr or similar: for the server log, never for users. */
  readonly details?: string;
  readonly subject?: MediaSubject;

  constructor(code: MediaErrorCode, message: string, options?: { details?: string; cause?: unknown; subject?: MediaSubject }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MediaError';
    this.code = code;
    this.details = options?.details;
    this.subject = options?.subject;
  }
}
