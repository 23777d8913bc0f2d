import { MediaError } from './errors.ts';

/**
 * What a person is told when the engine fails, and what the server log keeps. Tools' own output
 * ("Error while decoding stream #0:0…", temporary paths) goes to the log only: it means nothing
 * to a user and tells an attacker about the machine. One mapping for every place a render's
 * failure is shown (video status, clip lists, personalised renders) and for avatar preparation.
 */
export type Failure = { message: string; log: { error: string; code?: string; details?: string } };

const RENDER = "We couldn't render this video";
const PICTURE = "We couldn't prepare this picture";
const LOG_DETAILS_MAX = 4000;

export function userFacingFailure(e: unknown, context: 'render' | 'picture' = 'render'): Failure {
  const log = {
    error: e instanceof Error ? e.message : String(e),
    ...(e instanceof MediaError ? { code: e.code, ...(e.details ? { details: e.details.slice(-LOG_DETAILS_MAX) } : {}) } : {}),
  };
  return { message: messageFor(e, context), log };
}

function messageFor(e: unknown, context: 'render' | 'picture'): string {
  const lead = context === 'render' ? RENDER : PICTURE;
  if (!(e instanceof MediaError)) return `${lead}. Please try again; if it keeps failing, contact support.`;
  if (context === 'picture' && (e.subject || e.code === 'PROBE_FAILED' || e.code === 'FFMPEG_FAILED'))
    return `${lead}: the file could not be read as an image or a video. Please try another file.`;
  if (e.subject === 'background') return `${lead}: the background image could not be read. Please try another image.`;
  if (e.subject === 'avatar') return `${lead}: the avatar picture could not be read. Please try another picture.`;
  switch (e.code) {
    // Our own sentences about the input ("The script is empty", "Unknown voice …").
    case 'INVALID_INPUT':
      return `${lead}: ${lowerFirst(e.message)}.`;
    case 'PROBE_FAILED':
      return `${lead}: one of its files could not be read. Please try again.`;
    case 'TTS_FAILED': {
      // A configured voice provider is named (issue 11); its own words and address stay in the log.
      const m = /^The voice provider (.+?) (failed|did not answer|could not be reached|returned no audio)/.exec(e.message);
      if (m) return `${lead}: the voice provider ${m[1]} ${m[2]}. Please try again or choose another voice.`;
      return `${lead}: the voice could not be generated. Please try again or choose another voice.`;
    }
    case 'FFMPEG_TIMEOUT':
      return `${lead}: it took too long. Please try again, or use a shorter script.`;
    default:
      return `${lead}. Please try again; if it keeps failing, contact support.`;
  }
}

const lowerFirst = (s: string) => {
  const t = s.replace(/[.\s]+$/, '');
  return /^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t;
};
