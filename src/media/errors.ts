/** Stable machine-readable reasons, so callers (job runner, API) can map failures without parsing text. */
export type MediaErrorCode =
  | 'INVALID_INPUT'
  | 'BINARY_NOT_FOUND'
  | 'TTS_FAILED'
  | 'FFMPEG_FAILED'
  | 'FFMPEG_TIMEOUT'
  | 'PROBE_FAILED'
  | 'AVATAR_FAILED'

/** The only error type the media module throws on purpose; `message` is meant for humans. */
export class MediaError extends Error {
  readonly code: MediaErrorCode
  /** Tail of a tool's stderr or similar, kept separate so the message stays readable. */
  readonly details?: string

  constructor(code: MediaErrorCode, message: string, options?: { details?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'MediaError'
    this.code = code
    this.details = options?.details
  }
}
