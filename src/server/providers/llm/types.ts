// The script assistant's provider: a deterministic local composer by default,
// any OpenAI-compatible chat API when configured. Requests arrive normalised
// by the scripts service (tone resolved, recipient parsed, language chosen).

import type { Channel } from '../../../shared/channel-catalogue';

export type ScriptTone = 'friendly' | 'professional' | 'enthusiastic' | 'casual' | 'persuasive';
export type ScriptLanguage = 'en' | 'fr' | 'es' | 'de' | 'it' | 'pt';
/** The send step's channels (src/shared/channel-catalogue.ts). */
export type MessagePlatform = Channel;

export type CampaignBrief = {
  name?: string;
  description?: string;
  sector?: string;
  product?: string;
  goal?: string;
  callToAction?: string;
  audience?: string;
};

/** Missing fields are written as variables ({first_name}, {company}, {position}) filled per contact later. */
export type RecipientBrief = {
  firstName?: string;
  fullName?: string;
  company?: string;
  position?: string;
};

/** The signed-in user who will speak the script. */
export type SenderBrief = { name?: string; company?: string };

export type GenerateRequest = {
  campaign: CampaignBrief;
  recipient: RecipientBrief | null;
  sender: SenderBrief;
  tone: ScriptTone;
  language: ScriptLanguage;
};

export type ImproveRequest = {
  script: string;
  /** May be empty: then the script is only polished. */
  instructions: string;
  /** The user's language; the local composer prefers the script's own language when it can tell. */
  language: ScriptLanguage;
};

export type InspireRequest = {
  inputText: string;
  tone: ScriptTone;
  maxLength: number;
  language: ScriptLanguage;
  sender: SenderBrief;
};

export type MessageRequest = {
  /** null when the caller gave no title (the default "personalized video"). */
  videoTitle: string | null;
  platform: MessagePlatform;
  maxLength: number;
  language: ScriptLanguage;
  sender: SenderBrief;
};

export interface LlmProvider {
  readonly name: 'local' | 'openai';
  generateScript(req: GenerateRequest): Promise<string>;
  improveScript(req: ImproveRequest): Promise<string>;
  inspireScript(req: InspireRequest): Promise<string>;
  inspireMessage(req: MessageRequest): Promise<string>;
}
