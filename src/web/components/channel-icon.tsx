import { Globe, Link2, Mail, MessageCircle, Music2, Share2 } from 'lucide-react';
import { channelRecord, type ChannelIconName } from '@/shared/channel-catalogue';
import { BRAND_GLYPHS, type Glyph } from './brand-glyphs';

// The one icon map of the channels: the glyph of each catalogue icon name; colours come from the
// record itself (src/shared/channel-catalogue.ts), so every screen draws a channel alike.
const GLYPHS: Record<ChannelIconName, Glyph | typeof Globe> = {
  ...BRAND_GLYPHS,
  whatsapp: MessageCircle,
  tiktok: Music2,
  mail: Mail,
  share: Share2,
  link: Link2,
};

export type ChannelLook = { Icon: Glyph | typeof Globe; text: string; tint: string };

const UNKNOWN: ChannelLook = { Icon: Globe, text: 'text-base-content/70', tint: 'bg-base-content/10' };

/** How a channel is drawn: its glyph, its colour and a tint for a tile; a globe for a name the catalogue does not know. */
export function channelLook(id: string): ChannelLook {
  const r = channelRecord(id);
  return r ? { Icon: GLYPHS[r.icon], text: r.colour.text, tint: r.colour.tint } : UNKNOWN;
}
