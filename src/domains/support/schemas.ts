import { z } from 'zod';
import { ZTimestamp } from '../../shared/reply-schemas';
import { id, multiLine, singleLine } from '../../shared/zod-text';

/** Fixed English messages, so that the web shows them in the user's language. */
export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectMax: 'Subject must be at most 150 characters',
  messageMin: 'Please describe your request in at least 10 characters',
  messageMax: 'Message must be at most 5000 characters',
  tooMany: 'Too many support requests. Please try again later.',
} as const;

export const SUPPORT_LIMITS = { subjectMax: 150, messageMin: 10, messageMax: 5000 } as const;

/** The Help page's contact form and the procedure: one schema. */
export const ZSupportRequest = z
  .object({
    subject: singleLine('Subject').trim().min(1, SUPPORT_MESSAGES.subjectRequired).max(SUPPORT_LIMITS.subjectMax, SUPPORT_MESSAGES.subjectMax),
    message: multiLine('Message')
      .trim()
      .min(SUPPORT_LIMITS.messageMin, SUPPORT_MESSAGES.messageMin)
      .max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageMax),
  })
  .strict();
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZSupportRequestRef = z.object({ id: id('Support request') }).strict();

/** A support request as written (tRPC `support.create` and `get`); `emailed`: the team's e-mail went out. */
export const ZSupportRequestView = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  message: z.string(),
  replyTo: z.string(),
  createdAt: ZTimestamp,
  emailed: z.boolean(),
});
