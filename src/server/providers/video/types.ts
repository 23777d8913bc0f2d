import { ProviderCallError } from '../call-error';
export type VideoJobInput = {
  script: string;
  avatarId: string; // provider's avatar id
  voiceId?: string; // provider's voice id
  background?: { kind: 'color'; color: string } | { kind: 'image'; url: string };
  resolution: '720p' | '1080p' | '2160p';
  aspectRatio: 'landscape' | 'portrait' | 'square';
  title?: string;
};
export type VideoJobStatus =
  | { state: 'queued' | 'processing'; progress?: number }
  | { state: 'completed'; videoUrl: string; thumbnailUrl?: string; durationSec?: number }
  | { state: 'failed'; message: string };
export type ProviderAvatar = { id: string; name: string; gender?: 'male' | 'female'; thumbnailUrl?: string };
export type ProviderVoice = { id: string; name: string; gender?: string; language?: string; previewUrl?: string };
export interface CloudVideoProvider {
  readonly name: 'heygen' | 'creatify' | 'did';
  submit(input: VideoJobInput): Promise<{ jobId: string }>; // throws ProviderError on rejection (4xx) with the provider's message
  status(jobId: string): Promise<VideoJobStatus>;
  listAvatars(): Promise<ProviderAvatar[]>;
  listVoices(): Promise<ProviderVoice[]>;
}
/** A video vendor call that failed (status and retryable: see ProviderCallError). */
export class ProviderError extends ProviderCallError {}
