import { AppError } from '../../server/http/app-error';
import { ProviderError, type ProviderAvatar, type ProviderVoice, type VideoJobInput, type VideoJobStatus } from '../../server/providers/video/types';
import type { Template } from '../../shared/templates';
import type { RenderSpec } from './tables';

// What a render or poll job does next, decided from the row, the provider's answer and the
// catalogue alone: pure, so every branch is unit-tested without a database or a vendor.
// jobs.ts carries the decisions out (store, enqueue, fail).

/** A cloud job that has not finished after this long is given up. */
export const CLOUD_DEADLINE_MS = 2 * 60 * 60 * 1000;

/** Seconds before the n-th status poll: 1, 1, 2, 2, 3, 5, 8, 11, then every 15 s. */
export function pollDelaySeconds(n: number): number {
  return Math.min(15, Math.max(1, Math.round(1.5 ** Math.max(0, n - 2))));
}

export type RenderStep = 'skip' | 'local' | 'submit' | 'poll';

/** The render job's first move: nothing once the video ended; a cloud job already submitted is only polled. */
export function planRender(video: { status: string; providerJobId: string | null } | null, cloud: boolean): RenderStep {
  if (video?.status !== 'processing') return 'skip';
  if (!cloud) return 'local';
  return video.providerJobId ? 'poll' : 'submit';
}

export type PollStep = { kind: 'copy'; url: string } | { kind: 'wait'; progress: number; next: number };

/** Before asking the vendor: the job id to ask about; a job never submitted or past the deadline ends here. */
export function pollTarget(video: { providerJobId: string | null; createdAt: Date }, vendor: string, now: number): string {
  if (!video.providerJobId) throw new AppError('INTERNAL', 'The provider job was never submitted');
  if (now - video.createdAt.getTime() > CLOUD_DEADLINE_MS) throw new AppError('INTERNAL', `${vendor} did not finish the video within 2 hours`);
  return video.providerJobId;
}

/** One status answer → copy the result, or wait and poll again; a vendor failure throws its message. */
export function planPoll(st: VideoJobStatus, at: { n: number; vendor: string }): PollStep {
  if (st.state === 'failed') throw new ProviderError(st.message || `${at.vendor} could not render the video`);
  if (st.state === 'completed') return { kind: 'copy', url: st.videoUrl };
  // The vendor's own figure when it gives one, else a slow creep that never claims to be done.
  const estimate = st.state === 'queued' ? 5 : Math.min(90, 10 + at.n * 5);
  return { kind: 'wait', progress: Math.max(5, Math.min(95, st.progress ?? estimate)), next: at.n + 1 };
}

type SpeakingVoice = { gender: string; language: string; languageName: string };
export type CloudBackground = { kind: 'color'; color: string } | { kind: 'image'; url: string };

/** A template's background as the vendor can use it: an image only at a public address. */
export function templateBackground(t: Template | undefined, absolute: (url: string) => string | null): CloudBackground {
  const url = t?.background.type === 'image' ? absolute(t.background.url) : null;
  return url ? { kind: 'image', url } : { kind: 'color', color: t?.background.type === 'color' ? t.background.value : '#e2e8f0' };
}

/** A cloud vendor renders stock avatars and its own, never a custom one (checked before its catalogue is fetched). */
export function stockGender(spec: RenderSpec, vendor: string): 'male' | 'female' {
  if (spec.avatar.kind === 'custom')
    throw new AppError('INVALID_INPUT', `Custom avatars are rendered by the local engine only; choose a stock avatar to render with ${vendor}`);
  return spec.avatar.gender;
}

/** Our avatar and voice choices mapped onto the provider's catalogue (same gender, same language). */
export function planCloudInput(opts: {
  vendor: string;
  spec: RenderSpec;
  video: { title: string; resolution: string | null };
  script: string;
  catalogue: { avatars: ProviderAvatar[]; voices: ProviderVoice[] };
  voice: SpeakingVoice;
  background: CloudBackground;
}): VideoJobInput {
  const { vendor, spec, catalogue, voice: local } = opts;
  const gender = stockGender(spec, vendor);
  // The vendor's own avatar as chosen; a stock presenter becomes the vendor's first of the same gender.
  const avatar = spec.avatar.kind === 'provider' ? { id: spec.avatar.avatarId } : (catalogue.avatars.find((a) => a.gender === gender) ?? catalogue.avatars[0]);
  if (!avatar) throw new ProviderError(`${vendor}: no avatar is available on this account`);
  const sameGender = catalogue.voices.filter((v) => !v.gender || v.gender.toLowerCase() === local.gender);
  const speaks = (v: ProviderVoice) => {
    const l = (v.language ?? '').toLowerCase();
    return !!l && (l.startsWith(local.language) || l.startsWith(local.languageName.toLowerCase()));
  };
  const voice = sameGender.find(speaks) ?? sameGender[0] ?? catalogue.voices[0];
  return {
    script: opts.script,
    avatarId: avatar.id,
    voiceId: voice?.id,
    background: opts.background,
    resolution: (opts.video.resolution ?? '720p') as VideoJobInput['resolution'],
    aspectRatio: spec.aspectRatio,
    title: opts.video.title,
  };
}
